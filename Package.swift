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
        // The coastlines and borders the terminal's map draws (scripts/generate-coastlines.py), built in the same way.
        .target(
            name: "CCoastlines", exclude: ["coastlines.bin"], cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("z")]),
        // MeteoAlarm's warning areas (scripts/generate-emma-areas.py), which its source matches places against, built in
        // the same way.
        .target(
            name: "CEmmaAreas", exclude: ["emma_areas.bin"], cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("z")]),
        // The weather services (one folder each), the offline samples and the composition; WeatherCore names none.
        .target(name: "WeatherProviders", dependencies: ["WeatherCore", "HTTPKit", "CEmmaAreas"]),
        .systemLibrary(name: "CTLS", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // The terminal: views, words, options and the session. It names no provider (CLINamesNoProviderTests, in
        // WeatherCoreTests/Architecture): the executable composes WeatherProviders and hands it a ProviderSetup.
        // HTTPKit for JSONValue, the writer of --json.
        .target(name: "WeatherCLI", dependencies: ["WeatherCore", "HTTPKit", "CCoastlines"]),
        .executableTarget(
            name: "weather-or-not", dependencies: ["WeatherCLI", "WeatherCore", "WeatherProviders", "HTTPKit", "CEditLine"]),
        .executableTarget(name: "weather-bench", dependencies: ["WeatherCore", "WeatherProviders", "WeatherCLI"]),
        .executableTarget(name: "gazetteer-bench", dependencies: ["WeatherCore"]),
        // The test doubles every test target uses (loopback servers, fake providers, the binary's runner), and
        // weather-loopback, which serves them to scripts/bench.py. No product depends on them; they live under Tests/,
        // so that Sources/ holds only what ships.
        .target(
            name: "WeatherCoreTesting", dependencies: ["WeatherCore", "WeatherProviders", "HTTPKit", "CTLS", "CZlib"],
            path: "Tests/WeatherCoreTesting"),
        .executableTarget(name: "weather-loopback", dependencies: ["WeatherCoreTesting"], path: "Tests/weather-loopback"),
        .testTarget(name: "HTTPKitTests", dependencies: ["HTTPKit", "WeatherCoreTesting"]),
        .testTarget(name: "WeatherCoreTests", dependencies: ["WeatherCore", "WeatherProviders", "HTTPKit", "WeatherCoreTesting", "WeatherCLI"]),  // WeatherCLI: the words of a phrase
        .testTarget(name: "WeatherProvidersTests", dependencies: ["WeatherProviders", "WeatherCore", "HTTPKit", "WeatherCoreTesting", "WeatherCLI"]),
        .testTarget(name: "WeatherCLITests", dependencies: ["WeatherCLI", "WeatherCore", "WeatherProviders", "HTTPKit", "WeatherCoreTesting"], exclude: ["Golden"]),
        .testTarget(
            name: "WeatherOrNotTests",
            dependencies: ["WeatherCore", "WeatherProviders", "WeatherCLI", "WeatherCoreTesting", "CTLS"],
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
