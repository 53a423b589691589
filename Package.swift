// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TextLayout",
    products: [
        .library(name: "Typesetting", targets: ["Typesetting"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
        .library(name: "TextRendering", targets: ["TextRendering"]),
        .library(name: "TextViewBridge", targets: ["TextViewBridge"]),
        .library(name: "LabelCards", targets: ["LabelCards"]),
        .executable(name: "textlayout", targets: ["textlayout"]),
    ],
    targets: [
        // C at the edge: ICU through a shim (its symbols are version-renamed),
        // HarfBuzz and fontconfig as system libraries.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]
        ),
        .target(
            name: "Typesetting",
            dependencies: ["CICU", "CHarfBuzz", "CFontconfig"]
        ),
        .target(
            name: "TextLayout",
            dependencies: ["Typesetting"]
        ),
        .target(
            name: "TextRendering",
            dependencies: ["TextLayout", "Typesetting", "CCairo"]
        ),
        .target(
            name: "TextViewBridge",
            dependencies: ["TextLayout", "Typesetting"]
        ),
        .target(
            name: "LabelCards",
            dependencies: ["TextViewBridge", "TextRendering", "TextLayout", "Typesetting"]
        ),
        .target(
            name: "TextLayoutCommand",
            dependencies: ["Typesetting", "TextLayout", "TextRendering", "TextViewBridge", "LabelCards"],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "textlayout",
            dependencies: ["TextLayoutCommand"]
        ),
        // Test data shared by the test targets (fonts, corpora); not in any product.
        .target(
            name: "TestFonts",
            dependencies: ["Typesetting"],
            path: "Tests/TestFonts"
        ),
        .testTarget(
            name: "TypesettingTests",
            dependencies: ["Typesetting", "TestFonts"],
            exclude: ["Conformance/LineBreakTest-deviations.txt"]
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: ["TextLayout", "Typesetting", "TestFonts"]
        ),
        .testTarget(
            name: "TextRenderingTests",
            dependencies: ["TextRendering", "TextLayout", "Typesetting", "TestFonts"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TextViewBridgeTests",
            dependencies: ["TextViewBridge", "TextLayout", "Typesetting"]
        ),
        .testTarget(
            name: "LabelCardsTests",
            dependencies: ["LabelCards", "TextViewBridge", "TextRendering", "TextLayout", "Typesetting", "TestFonts"]
        ),
        // Type-checks the documentation's Swift examples against the libraries'
        // modules with swiftc; it imports none of them, but needs them built.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["Typesetting", "TextLayout", "TextRendering", "TextViewBridge", "LabelCards"]
        ),
        .testTarget(
            name: "TextLayoutCommandTests",
            dependencies: ["TextLayoutCommand", "Typesetting", "TextRendering", "TestFonts"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
