// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// GLib's headers, which libvips' include (`pkg-config --cflags vips` names them too, with a
/// `-pthread` that SwiftPM refuses); a directory that is not there is ignored.
let glibIncludes =
    ["/usr/include/glib-2.0", "/opt/homebrew/include/glib-2.0", "/opt/homebrew/lib/glib-2.0/include"]
    + ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "/usr/lib/\($0)/glib-2.0/include" }

let package = Package(
    name: "RealityAnnotationPlatform",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RealityCore", targets: ["RealityCore"]),
        .library(name: "RealityStore", targets: ["RealityStore"]),
        .library(name: "RealityPostgres", targets: ["RealityPostgres"]),
        .library(name: "RealityAPI", targets: ["RealityAPI"]),
        .library(name: "RealityServer", targets: ["RealityServer"]),
        .library(name: "RealitySync", targets: ["RealitySync"]),
        .executable(name: "reality", targets: ["reality"]),
        .executable(name: "reality-bench", targets: ["reality-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The project's one seeded pseudo-random generator, shared by both apps' cores.
        .target(name: "SeededRandom", swiftSettings: strict),
        .target(name: "RealityCore", dependencies: ["SeededRandom"], swiftSettings: strict),
        // Out of Box (seed 004), the second app on the platform: its model, rules and services,
        // on Foundation, the platform's core (whose sync feed publishes its catalog) and the
        // shared generator; its storage and routes live in the platform's modules.
        .target(name: "OutOfBoxCore", dependencies: ["RealityCore", "SeededRandom"], swiftSettings: strict),
        .target(
            name: "RealityStore",
            dependencies: [
                "RealityCore", "OutOfBoxCore", "CSQLiteTuning", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        // One C function: SQLite's process-wide settings are set through a variadic call.
        .target(name: "CSQLiteTuning", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CFileWriteback"),
        // Child processes through posix_spawn and waitpid (the server's ffmpeg, the tests' tools):
        // Foundation's Process was seen to crash and to miss a child's exit on Linux.
        .target(name: "RealityProcess", swiftSettings: strict),
        // libvips (Debian's libvips-dev), for thumbnails and previews; its calls are variadic, so
        // one C function makes both renditions of an image.
        .target(
            name: "CImageRenditions", cSettings: [.unsafeFlags(glibIncludes.map { "-I" + $0 })],
            linkerSettings: [.linkedLibrary("vips"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]),
        .target(
            name: "RealityPostgres",
            dependencies: ["RealityCore", "OutOfBoxCore", .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: strict),
        .target(
            name: "RealityAPI",
            dependencies: ["RealityCore", "OutOfBoxCore", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: strict),
        .target(
            name: "RealityServer",
            dependencies: [
                "RealityCore",
                "OutOfBoxCore",
                "CFileWriteback",
                "CImageRenditions",
                "RealityProcess",
                "RealityStore",
                "RealityPostgres",
                "RealityAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict,
            plugins: ["EmbedWebPlugin"]),
        // The web app (web/) embedded in the server at build time (docs/web-app.md).
        .executableTarget(name: "EmbedWeb", swiftSettings: strict),
        .plugin(name: "EmbedWebPlugin", capability: .buildTool(), dependencies: ["EmbedWeb"]),
        .target(
            name: "RealitySync",
            dependencies: [
                "RealityCore",
                "OutOfBoxCore",
                "RealityAPI",
                "RealityStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "reality",
            dependencies: [
                "RealityCore",
                "OutOfBoxCore",
                "RealityStore",
                "RealityServer",
                "RealitySync",
                "RealityAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "reality-bench",
            dependencies: [
                "RealityCore",
                "OutOfBoxCore",
                "RealityStore",
                "RealityAPI",
                "RealityServer",
                "RealitySync",
                "RealityProcess",
                "RealityPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "OutOfBoxCoreTests", dependencies: ["OutOfBoxCore", "RealityCore", "SeededRandom"], swiftSettings: strict),
        .testTarget(
            name: "RealityCoreTests", dependencies: ["RealityCore", "RealityTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "RealityStoreTests", dependencies: ["RealityCore", "RealityStore", "RealityTestSupport"],
            swiftSettings: strict),
        // Not a test target: test targets cannot depend on one another. Starts the private
        // PostgreSQL server that the store and server tests share (one per test process).
        .target(
            name: "RealityTestSupport",
            dependencies: [
                "RealityCore", "RealityPostgres", "RealityProcess", .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/RealityTestSupport",
            swiftSettings: strict),
        .testTarget(
            name: "RealityStorageTests",
            dependencies: [
                "OutOfBoxCore", "RealityStore", "RealityPostgres", "RealityTestSupport", "SeededRandom", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RealitySyncTests",
            dependencies: [
                "OutOfBoxCore", "RealityCore", "RealityStore", "RealityPostgres", "RealityAPI", "RealityServer", "RealitySync",
                "RealityTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "RealityServerTests",
            dependencies: [
                "RealityCore", "OutOfBoxCore", "RealityStore", "RealityPostgres", "RealityAPI", "RealityServer",
                "RealityTestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict),
    ]
)
