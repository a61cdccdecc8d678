// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "weather-or-not",
    products: [
        .executable(name: "weather-or-not", targets: ["weather-or-not"]),
    ],
    targets: [
        .target(name: "HTTPKit", dependencies: ["CTLS", "CZlib"]),
        .target(name: "WeatherCore", dependencies: ["HTTPKit", "CGazetteer"]),
        // The bundled gazetteer's bytes (scripts/generate-gazetteer.py), built in by the assembler's .incbin, and
        // zlib's inflate for them.
        .target(
            name: "CGazetteer", exclude: ["gazetteer.bin"], cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("z")]),
        .systemLibrary(name: "CTLS", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .target(name: "WeatherCLI", dependencies: ["WeatherCore", "HTTPKit"]),
        .executableTarget(name: "weather-or-not", dependencies: ["WeatherCLI", "WeatherCore", "CEditLine"]),
        .executableTarget(name: "weather-bench", dependencies: ["WeatherCore"]),
        .executableTarget(name: "gazetteer-bench", dependencies: ["WeatherCore"]),
        .target(name: "TestSupport", dependencies: ["CTLS", "CZlib", "HTTPKit"], path: "Tests/TestSupport"),
        .testTarget(name: "HTTPKitTests", dependencies: ["HTTPKit", "TestSupport"]),
        .testTarget(name: "WeatherCoreTests", dependencies: ["WeatherCore", "HTTPKit", "TestSupport"]),
        .testTarget(name: "WeatherCLITests", dependencies: ["WeatherCLI", "WeatherCore", "HTTPKit", "TestSupport"], exclude: ["Golden"]),
        .testTarget(
            name: "WeatherOrNotTests",
            dependencies: ["WeatherCore", "WeatherCLI", "TestSupport", "CTLS"],
            exclude: ["Golden"]  // read from the source tree by Golden.swift
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
