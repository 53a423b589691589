import Foundation
import Testing

/// Runs the built `textlayout` binary as a process: the real streams, exit codes
/// and the bundled font found in the resource bundle next to the executable.
@Suite struct ExecutableTests {
    /// The `textlayout` executable in the products directory: the directory of the
    /// test bundle (`TextLayoutPackageTests.xctest`, a file on Linux, a bundle on
    /// macOS, whose parent then holds the products).
    static func locateExecutable() -> URL? {
        var directories: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles {
            directories.append(bundle.bundleURL)
            directories.append(bundle.bundleURL.deletingLastPathComponent())
            if let executable = bundle.executableURL { directories.append(executable.deletingLastPathComponent()) }
        }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for directory in directories {
            let candidate = directory.appendingPathComponent("textlayout")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }

    /// Runs the executable (or `executable`, a copy of it) with `arguments` and
    /// `input` on standard input.
    static func run(
        _ arguments: [String], input: Data,
        executable: URL? = nil
    ) throws -> (status: Int32, output: Data, errors: Data) {
        let executable =
            try executable ?? #require(locateExecutable(), "the textlayout executable is not next to the test bundle")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read on other threads: large output would otherwise fill a pipe.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorReader = ErrorsReader(handle: stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, errorReader.finish())
    }

    static let readme = """
        # TextLayout

        A text layout and wrapping engine for Swift on Linux. It takes text, fonts and a width, \
        and answers: where do the lines break, how big is each line, where is each glyph.

        ## The CLI

            textlayout wrap --width 300 README.md

        It speaks TextKit's vocabulary — `NSTextLayoutManager`, `NSLayoutManager` — and is built on \
        ICU, HarfBuzz and fontconfig. Naïve café façades, 日本語 and emoji 🎉 wrap too.

        """

    @Test func wrapsReadmeWithTheBundledFont() throws {
        let result = try Self.run(
            ["wrap", "--width", "300", "--no-system-fallback", "-"], input: Data(Self.readme.utf8))
        #expect(result.status == 0, "stderr: \(String(decoding: result.errors, as: UTF8.self))")
        let output = String(decoding: result.output, as: UTF8.self)
        #expect(!output.isEmpty)
        #expect(output.hasPrefix("# TextLayout\n\n"))
        #expect(output.split(separator: "\n").count > 8)
        #expect(result.errors.isEmpty)
    }

    @Test func bigOutputIsComplete() throws {
        let line = "The quick brown fox jumps over the lazy dog again and again.\n"
        let input = String(repeating: line, count: 5000)
        // 60 characters at 30 columns: "The quick brown fox jumps over " and the rest.
        let result = try Self.run(["wrap", "--columns", "30", "-"], input: Data(input.utf8))
        #expect(result.status == 0)
        let output = String(decoding: result.output, as: UTF8.self)
        #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count - 1 == 5000 * 2)
    }

    /// `tail -f log | textlayout wrap --columns 20 -`: the process writes each
    /// paragraph while its input stays open. (The wait is a guard against hanging,
    /// not a timing: the line comes back as soon as the process has it.)
    @Test func aPipeFedLineByLineIsWrappedAsItComes() throws {
        let executable = try #require(
            Self.locateExecutable(), "the textlayout executable is not next to the test bundle")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["wrap", "--columns", "20", "-"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = LineCollector(handle: stdout.fileHandleForReading)
        for (index, paragraph) in ["first log line", "second log line", "third"].enumerated() {
            stdin.fileHandleForWriting.write(Data((paragraph + "\n").utf8))
            #expect(
                lines.wait(forCount: index + 1, seconds: 60), "no output for '\(paragraph)' while the input is open")
        }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(lines.all() == ["first log line", "second log line", "third"])
    }

    @Test func usageErrorExitsWith64() throws {
        let result = try Self.run(["wrap", "--width", "abc"], input: Data())
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(
            String(decoding: result.errors, as: UTF8.self)
                == "textlayout: error: invalid value 'abc' for '--width': expected a positive number of points\n")
    }

    @Test func noSubcommandExitsWith64() throws {
        let result = try Self.run([], input: Data())
        #expect(result.status == 64)
        #expect(String(decoding: result.errors, as: UTF8.self).hasPrefix("USAGE:"))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorsReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// Collects a pipe's lines on a thread of its own, as they arrive.
private final class LineCollector: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []

    init(handle: FileHandle) {
        Thread { [self] in
            var pending = Data()
            while case let chunk = handle.availableData, !chunk.isEmpty {
                pending += chunk
                while let end = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
                    pending = Data(pending[(end + 1)...])
                    lock.lock()
                    lines.append(line)
                    lock.broadcast()
                    lock.unlock()
                }
            }
        }.start()
    }

    /// Waits until `count` lines have come, at most `seconds`; false if they did not.
    func wait(forCount count: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        lock.lock()
        defer { lock.unlock() }
        while lines.count < count {
            if !lock.wait(until: deadline) { return lines.count >= count }
        }
        return true
    }

    /// The lines so far.
    func all() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
