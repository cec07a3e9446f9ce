// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RealityAnnotationPlatform",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "RealityCore", targets: ["RealityCore"]),
        .executable(name: "reality", targets: ["reality"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "RealityCore", swiftSettings: strict),
        .executableTarget(
            name: "reality",
            dependencies: [
                "RealityCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .testTarget(name: "RealityCoreTests", dependencies: ["RealityCore"], swiftSettings: strict),
    ]
)
