// swift-tools-version:5.4
// libFuzzer targets for the platform's hand-written decoders (docs/fuzzing.md). A package of its
// own so that the fuzzer's compiler flags never reach the main build: `scripts/fuzz` builds it
// with `-sanitize=fuzzer,address`.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point and
// points `main` at it, which would replace libFuzzer's own `main`.
import Foundation
import PackageDescription

// A package dependency on a path is known by the name of its folder, which is the clone's.
let platform = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The readers linked in from RealityAPI declare `package` entry points, which need a package
// name; tools 5.4 give none (newer ones would rename the targets' entry points).
let strict: [SwiftSetting] = [.unsafeFlags(["-swift-version", "6", "-package-name", "RealityFuzz"])]

/// A fuzz target: an executable whose `main.swift` defines `LLVMFuzzerTestOneInput`. The decoder
/// sources it fuzzes are symbolic links to the main package's files, compiled into the target so
/// that their internal declarations are reachable and instrumented.
func fuzzTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "FuzzCheck", .product(name: "RealityCore", package: platform),
            .product(name: "RealityAPI", package: platform),
        ],
        swiftSettings: strict)
}

let package = Package(
    name: "RealityFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzCheck", swiftSettings: strict),
        fuzzTarget("FuzzPage"),
        fuzzTarget("FuzzCursor"),
        fuzzTarget("FuzzPush"),
        fuzzTarget("FuzzBearer"),
    ]
)
