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
        // HarfBuzz, fontconfig and libhyphen as system libraries.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icuuc")]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // The HarfBuzz font functions shaping goes through (a cmap cache shared by
        // threads, synthesized bold's advances): in C for its atomics.
        .target(
            name: "CFontFuncs",
            dependencies: ["CHarfBuzz"]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]
        ),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]
        ),
        // zlib's deflate, for PNG files written without cairo's encoder.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "Typesetting",
            dependencies: ["CICU", "CHarfBuzz", "CFontFuncs", "CFontconfig", "CHyphen"]
        ),
        .target(
            name: "TextLayout",
            dependencies: ["Typesetting"]
        ),
        .target(
            name: "TextRendering",
            dependencies: ["TextLayout", "Typesetting", "CCairo", "CZlib"]
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
        // What every test target shares (testdata, temporary directories, a recording
        // canvas, a seeded generator, goldens); not in any product.
        .target(
            name: "TestSupport",
            dependencies: ["TextLayout", "Typesetting"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "TypesettingTests",
            dependencies: ["Typesetting", "TestSupport", "CHyphen"],
            exclude: ["Conformance/LineBreakTest-deviations.txt"]
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: ["TextLayout", "Typesetting", "TestSupport"]
        ),
        .testTarget(
            name: "TextRenderingTests",
            dependencies: ["TextRendering", "TextLayout", "Typesetting", "TestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TextViewBridgeTests",
            dependencies: ["TextViewBridge", "TextLayout", "Typesetting", "TestSupport"]
        ),
        .testTarget(
            name: "LabelCardsTests",
            dependencies: ["LabelCards", "TextViewBridge", "TextRendering", "TextLayout", "Typesetting", "TestSupport"]
        ),
        // Type-checks the documentation's Swift examples against the libraries'
        // modules with swiftc; it imports none of them, but needs them built.
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["Typesetting", "TextLayout", "TextRendering", "TextViewBridge", "LabelCards", "TestSupport"]
        ),
        .testTarget(
            name: "TextLayoutCommandTests",
            dependencies: ["TextLayoutCommand", "Typesetting", "TextRendering", "TestSupport"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
