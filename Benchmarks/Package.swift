// swift-tools-version:6.0
import PackageDescription

// The benchmark harness: its own package, so only it links Pango. The layout
// core comes from the root package by path (nothing is fetched).
// SwiftPM names a path dependency after its directory, whatever the clone is called.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? "main"

let package = Package(
    name: "TextLayoutBenchmarks",
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // Pango through PangoCairo, found with pkg-config (Debian: libpango1.0-dev).
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // The peers in C: Pango, and the ICU + HarfBuzz floor (ICU renames its
        // symbols per version, so it is called from C, never from Swift).
        .target(
            name: "BenchmarkPeers",
            dependencies: ["CPango"],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("fontconfig"), .linkedLibrary("pangoft2-1.0")]
        ),
        .executableTarget(
            name: "textlayout-bench",
            dependencies: [
                .product(name: "Typesetting", package: rootPackage),
                .product(name: "TextLayout", package: rootPackage),
                .product(name: "LabelCards", package: rootPackage),
                "BenchmarkPeers",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
