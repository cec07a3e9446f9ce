// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "RealityAnnotationPlatform",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RealityCore", targets: ["RealityCore"]),
        .library(name: "RealityStore", targets: ["RealityStore"]),
        .library(name: "RealityPostgres", targets: ["RealityPostgres"]),
        .executable(name: "reality", targets: ["reality"]),
        .executable(name: "reality-bench", targets: ["reality-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .target(name: "RealityCore", swiftSettings: strict),
        .target(
            name: "RealityStore",
            dependencies: ["RealityCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .target(
            name: "RealityPostgres",
            dependencies: ["RealityCore", .product(name: "PostgresNIO", package: "postgres-nio")],
            swiftSettings: strict),
        .executableTarget(
            name: "reality",
            dependencies: [
                "RealityCore",
                "RealityStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "reality-bench",
            dependencies: [
                "RealityCore",
                "RealityStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .testTarget(name: "RealityCoreTests", dependencies: ["RealityCore"], swiftSettings: strict),
        .testTarget(
            name: "RealityStoreTests", dependencies: ["RealityCore", "RealityStore"], swiftSettings: strict),
        .testTarget(name: "RealityPostgresTests", dependencies: ["RealityPostgres"], swiftSettings: strict),
    ]
)
