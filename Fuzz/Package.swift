// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets: their own package, so the fuzzing and address-sanitizer flags
// (given on the command line by `make fuzz`, see README.md) reach every module of
// the layout core they link, and the main build never sees them.
// SwiftPM names a path dependency after its directory, whatever the clone is called.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map { $0.lowercased() } ?? "main"

/// A fuzz target: one file defining `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: rootPackage) }
    )
}

let package = Package(
    name: "TextLayoutFuzz",
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        // What the targets share: reading typed values from the fuzzer's bytes, the
        // fonts of testdata/fonts, and the invariants a layout must keep.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "Typesetting", package: rootPackage),
                .product(name: "TextLayout", package: rootPackage),
            ]
        ),
        fuzzTarget("fuzz-layout", ["Typesetting", "TextLayout"]),
        fuzzTarget("fuzz-editing", ["Typesetting", "TextLayout"]),
        fuzzTarget("fuzz-fonts", ["Typesetting"]),
        fuzzTarget("fuzz-cards", ["LabelCards", "TextRendering"]),
        fuzzTarget("fuzz-markup", ["Typesetting"]),
    ],
    swiftLanguageModes: [.v6]
)
