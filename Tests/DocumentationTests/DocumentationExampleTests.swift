import Foundation
import TestSupport
import Testing

/// Every Swift example in the README and the documentation catalogues (`docs/`, any
/// `*.docc` folder) type-checks against the libraries as built, so that the
/// documentation cannot rot. A block that is deliberately a fragment says so, with
/// its reason, in a `<!-- swift-example: fragment, REASON -->` line above its fence.
@Suite struct DocumentationExampleTests {
    /// The package root.
    static let packageRoot = TestData.root.deletingLastPathComponent()

    /// The documents checked: the README, and every Markdown file in `docs/` and in
    /// any `*.docc` folder.
    static func documents() -> [String] {
        let manager = FileManager.default
        var documents = ["README.md"]
        guard let walker = manager.enumerator(atPath: packageRoot.path) else { return documents }
        while let path = walker.nextObject() as? String {
            let components = path.split(separator: "/")
            if components.last?.hasPrefix(".") == true {
                walker.skipDescendants()
                continue
            }
            let inCatalogue = components.first == "docs" || components.dropLast().contains { $0.hasSuffix(".docc") }
            if inCatalogue, path.hasSuffix(".md") { documents.append(path) }
        }
        return documents.sorted()
    }

    /// Every ```` ```swift ```` block of every document.
    ///
    /// - Throws: when a document cannot be read.
    static func examples() throws -> [SwiftExample] {
        try documents().flatMap { document in
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            return SwiftExample.examples(inMarkdown: text, document: document)
        }
    }

    /// The checker, set up once for the whole suite (it compiles the prelude).
    static let checker = Result { try ExampleTypeChecker(packageRoot: packageRoot) }

    @Test func theREADMEsExamplesAreFound() throws {
        let readme = try Self.examples().filter { $0.document == "README.md" }
        // The README walks through six examples; finding fewer means the extraction broke.
        #expect(readme.count >= 6)
        #expect(readme.contains { $0.code.contains("TextLayoutManager(fonts:") })
    }

    @Test(arguments: try examples().filter { $0.fragmentReason == nil })
    func exampleTypeChecks(_ example: SwiftExample) throws {
        let checker = try Self.checker.get()
        let diagnostics = try checker.diagnostics(for: example)
        #expect(diagnostics == nil, "\(example.testDescription) does not compile:\n\(diagnostics ?? "")")
    }

    @Test func everyFragmentSaysWhy() throws {
        for example in try Self.examples() {
            guard let reason = example.fragmentReason else { continue }
            #expect(!reason.isEmpty, "\(example.testDescription) is marked a fragment without a reason")
        }
    }

    /// The checker is not vacuous: an example that does not compile is reported, at
    /// its document's line.
    @Test func aBrokenExampleIsReported() throws {
        let checker = try Self.checker.get()
        let broken = SwiftExample(
            document: "README.md", line: 40,
            code: "let container = TextContainer(size: CGSize(width: 480, height: .infinity))", fragmentReason: nil)
        let diagnostics = try #require(try checker.diagnostics(for: broken))
        #expect(diagnostics.contains("README.md:40:"))
        #expect(diagnostics.contains("ambiguous use of 'infinity'"))
        let fixed = SwiftExample(
            document: "README.md", line: 40,
            code: "let container = TextContainer(size: CGSize(width: 480, height: CGFloat.infinity))",
            fragmentReason: nil)
        #expect(try checker.diagnostics(for: fixed) == nil)
    }

    @Test func markersAndFencesAreRead() {
        let markdown = """
            Text.
            ```swift
            let a = 1
            ```
            <!-- swift-example: fragment, elides the body of a type -->
            ```swift
            struct S { … }
            ```
            <!-- swift-example: fragment -->
            ```swift title="x"
            ```
            ```sh
            echo no
            ```
            """
        let examples = SwiftExample.examples(inMarkdown: markdown, document: "x.md")
        #expect(examples.map(\.line) == [3, 7, 11])
        #expect(examples.map(\.code) == ["let a = 1", "struct S { … }", ""])
        #expect(examples.map(\.fragmentReason) == [nil, "elides the body of a type", ""])
    }
}
