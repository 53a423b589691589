import Foundation

/// Type-checks Swift examples with `swiftc -typecheck` against the modules this test
/// build produced, as a reader who imported the libraries would compile them.
///
/// Each example is the whole of a script (`main.swift`): top-level code, types and
/// extensions as the reader would write them, in the package's Swift 6 mode. Before
/// it, an `ExamplePrelude` module (see `ExamplePrelude.source`) re-exports every
/// library and declares the names the documents set up before using them; the
/// example's own declarations shadow those. The C modules the libraries import are
/// found through their module maps (`Sources/*/module.modulemap` and the ones the
/// build generated) and the header paths `pkg-config` gives for the packages that
/// `Package.swift` names.
struct ExampleTypeChecker: Sendable {
    /// A setup step failed: the compiler, the build's modules or a tool is missing.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The package root (holding `Package.swift`).
    let packageRoot: URL
    /// The folder the examples and the prelude module are written to (in the build's
    /// products folder, emptied when the checker is made).
    let workDirectory: URL
    /// `swiftc`.
    let compiler: URL
    /// The flags every invocation shares: language mode, module and header paths.
    let sharedFlags: [String]

    /// Finds the compiler and the build's modules and compiles the prelude module.
    ///
    /// - Throws: `SetupError` when something it needs is missing, or the prelude
    ///   does not compile.
    init(packageRoot: URL) throws {
        self.packageRoot = packageRoot
        let products = try Self.buildProducts()
        compiler = try Self.findCompiler()
        // Beside the build's own products, so nothing is left in the system's temporary folder.
        workDirectory = products.appendingPathComponent("DocumentationExamples")
        try? FileManager.default.removeItem(at: workDirectory)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let modules = products.appendingPathComponent("Modules")
        let moduleDirectory = FileManager.default.fileExists(atPath: modules.path) ? modules : products
        var flags = [
            "-swift-version", "6", "-I", moduleDirectory.path, "-I", workDirectory.path,
            "-module-cache-path", products.appendingPathComponent("ModuleCache").path,
        ]
        for map in try Self.moduleMaps(packageRoot: packageRoot, products: products) {
            flags += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        for flag in try Self.pkgConfigFlags(packageRoot: packageRoot) { flags += ["-Xcc", flag] }
        sharedFlags = flags
        try compilePrelude()
    }

    /// The compiler's diagnostics for `example`, or nil when it type-checks. Errors
    /// point at the document's own lines.
    func diagnostics(for example: SwiftExample) throws -> String? {
        let file = workDirectory.appendingPathComponent("example-\(UUID().uuidString).swift")
        let documentPath = packageRoot.appendingPathComponent(example.document).path
        let source =
            "import ExamplePrelude\n#sourceLocation(file: \"\(documentPath)\", line: \(example.line))\n"
            + example.code + "\n"
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (status, output) = try run(compiler, ["-typecheck"] + sharedFlags + [file.path])
        return status == 0 ? nil : output
    }

    private func compilePrelude() throws {
        let source = workDirectory.appendingPathComponent("ExamplePrelude.swift")
        try ExamplePrelude.source.write(to: source, atomically: true, encoding: .utf8)
        let module = workDirectory.appendingPathComponent("ExamplePrelude.swiftmodule")
        let (status, output) = try run(
            compiler,
            [
                "-emit-module", "-parse-as-library", "-module-name", "ExamplePrelude", "-o", module.path,
            ] + sharedFlags + [source.path])
        guard status == 0 else { throw SetupError(description: "the example prelude does not compile:\n\(output)") }
    }

    /// Runs `tool` with `arguments`; its exit status and what it wrote to stdout and stderr.
    private func run(_ tool: URL, _ arguments: [String]) throws -> (Int32, String) {
        try Self.run(tool, arguments, in: packageRoot)
    }

    private static func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

extension ExampleTypeChecker {
    /// The folder this test binary was built into, which holds the libraries' modules.
    static func buildProducts() throws -> URL {
        let executable = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        var folder = executable.deletingLastPathComponent()
        // The test binary may sit inside a bundle below the products folder.
        while folder.path != "/" {
            for candidate in [folder.appendingPathComponent("Modules"), folder]
            where FileManager.default.fileExists(
                atPath: candidate.appendingPathComponent("TextLayout.swiftmodule").path)
            {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        throw SetupError(
            description: "no TextLayout.swiftmodule above \(executable.path): build with `swift build --build-tests`")
    }

    /// `swiftc`: `$SWIFT_EXEC` if set, else the first on `PATH`.
    static func findCompiler() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SWIFT_EXEC"], !path.isEmpty { return URL(fileURLWithPath: path) }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SetupError(description: "swiftc is not on PATH (or set SWIFT_EXEC)")
    }

    /// The module maps of the C targets: the system libraries' own and the ones the
    /// build generated for C targets without one.
    static func moduleMaps(packageRoot: URL, products: URL) throws -> [URL] {
        let manager = FileManager.default
        let sources = packageRoot.appendingPathComponent("Sources")
        let generated = try manager.contentsOfDirectory(atPath: products.path).filter { $0.hasSuffix(".build") }
            .map { products.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        let own = try manager.contentsOfDirectory(atPath: sources.path)
            .map { sources.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        return (own + generated).filter { manager.fileExists(atPath: $0.path) }.sorted { $0.path < $1.path }
    }

    /// The header paths `pkg-config --cflags` gives for every `pkgConfig:` package
    /// that `Package.swift` names.
    static func pkgConfigFlags(packageRoot: URL) throws -> [String] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let packages = manifest.matches(of: /pkgConfig:\s*"([^"]+)"/).map { String($0.output.1) }
        guard !packages.isEmpty else { return [] }
        let (status, output) = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["pkg-config", "--cflags"] + packages, in: packageRoot)
        guard status == 0 else { throw SetupError(description: "pkg-config --cflags \(packages): \(output)") }
        return output.split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
