import Foundation

/// A command run as a whole process, start-up included, as a user meets it:
/// `textlayout render --format png` and `pango-view` on the same 12 KB of English, and
/// `textlayout cards render --format png` on 400 generated records (issue 15's
/// rendering goal), and `textlayout wrap` on english-1mb, on many copies of it and on
/// one line (issue 15's CLI goals). Each run writes its output afresh; the output's
/// size in bytes is an extra figure of the row, and, where asked, the process's peak
/// resident memory (through GNU time, Debian's `time`, in the first run only).
final class WholeProcess: Scenario {
    let name: ScenarioName
    let engine: Engine
    private(set) var bytes = 0
    /// The program and its arguments; `{input}` and `{output}` stand for the paths.
    private let executable: String
    private let arguments: [String]
    /// Makes the input's contents, written to a file in `prepare()`.
    private let input: () throws -> Data
    /// Whether the output is a directory (of cards) rather than a file.
    private let outputIsDirectory: Bool
    /// Whether the output is what the process writes to standard output.
    private let outputIsStandardOutput: Bool
    /// Whether the process's peak resident memory is measured.
    private let measuresPeakMemory: Bool
    private var peakMemoryKiB = 0
    private let note: String
    private var directory: URL?
    private var outputBytes = 0

    init(
        name: ScenarioName, engine: Engine, executable: String, arguments: [String],
        input: @escaping () throws -> Data, outputIsDirectory: Bool = false,
        outputIsStandardOutput: Bool = false, measuresPeakMemory: Bool = false, note: String
    ) {
        self.name = name
        self.engine = engine
        self.executable = executable
        self.arguments = arguments
        self.input = input
        self.outputIsDirectory = outputIsDirectory
        self.outputIsStandardOutput = outputIsStandardOutput
        self.measuresPeakMemory = measuresPeakMemory
        self.note = note
    }

    deinit {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private var inputURL: URL? { directory?.appendingPathComponent("input") }
    private var outputURL: URL? { directory?.appendingPathComponent(outputIsDirectory ? "out" : "out.png") }

    func prepare() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("textlayout-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        let contents = try input()
        bytes = contents.count
        try contents.write(to: directory.appendingPathComponent("input"))
        try WholeProcess.fontconfigFile.write(
            to: directory.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
    }

    func reset() {
        if let outputURL { try? FileManager.default.removeItem(at: outputURL) }
    }

    func run() throws -> Int {
        guard let directory, let inputURL, let outputURL else { throw HarnessError("\(name) was not prepared") }
        let command =
            [executable]
            + arguments.map {
                $0.replacingOccurrences(of: "{input}", with: inputURL.path)
                    .replacingOccurrences(of: "{output}", with: outputURL.path)
            }
        // Only the fonts of testdata/fonts, for both programs; fontconfig's cache in
        // the scenario's directory (built by the warm-up run).
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = directory.appendingPathComponent("fonts.conf").path
        environment["XDG_CACHE_HOME"] = directory.path
        // The peak memory comes from the first run (a warm-up, untimed), through GNU
        // time: a child spawned from the harness inherits the harness's peak in its
        // own (Linux keeps the peak of the memory it had before exec, and
        // posix_spawn's child had the harness's), where GNU time's forked child
        // starts from GNU time's few megabytes. The timed runs are spawned alone.
        let memoryPath = directory.appendingPathComponent("peak-rss").path
        let measuresMemoryNow = measuresPeakMemory && peakMemoryKiB == 0
        let errorsPath = directory.appendingPathComponent("errors").path
        let status = try Spawn.run(
            (measuresMemoryNow ? [Self.gnuTime, "-f", "%M", "-o", memoryPath] : []) + command,
            environment: environment, standardOutput: outputIsStandardOutput ? outputURL.path : nil,
            standardError: errorsPath)
        guard status == 0 else {
            let message = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
            throw HarnessError("\(executable) exited with \(status): \(message)")
        }
        outputBytes = try Self.size(of: outputURL)
        if measuresMemoryNow {
            let text = try String(contentsOfFile: memoryPath, encoding: .utf8)
            guard let kibibytes = Int(text.split(separator: "\n").last ?? "") else {
                throw HarnessError("GNU time wrote no peak memory: \(text)")
            }
            peakMemoryKiB = kibibytes
        }
        return 0
    }

    /// GNU time, which reports a command's peak resident memory (Debian's `time`).
    static let gnuTime = "/usr/bin/time"

    var notes: [String] {
        let memory = measuresPeakMemory ? String(format: ", peak RSS %.1f MB", Double(peakMemoryKiB) / 1024) : ""
        return [note + " (output \(outputBytes) bytes\(memory))"]
    }

    var extra: [String: Double] {
        var figures = ["outputBytes": Double(outputBytes)]
        if measuresPeakMemory { figures["peakRSSBytes"] = Double(peakMemoryKiB * 1024) }
        return figures
    }

    /// The bytes of a file, or of every file in a directory.
    private static func size(of url: URL) throws -> Int {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw HarnessError("no output at \(url.path)")
        }
        guard isDirectory.boolValue else {
            return (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        }
        return try FileManager.default.contentsOfDirectory(atPath: url.path).reduce(0) {
            $0
                + ((try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent($1).path)[.size] as? Int)
                    ?? 0)
        }
    }

    /// A fontconfig configuration with the fonts of `testdata/fonts` only.
    static let fontconfigFile = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>\(Paths.root.appendingPathComponent("testdata/fonts").path)</dir>
          <cachedir prefix="xdg">fontconfig</cachedir>
        </fontconfig>
        """
}

/// The whole-process scenarios, and why any cannot run here.
enum WholeProcessScenarios {
    /// The 12 KB English sample: english-1mb's start, cut at a paragraph end.
    static let sampleSize = 12_000
    /// The width, in points (pango-view: pixels at 72 dpi, the same thing).
    static let width = 300
    /// The cards rendered, and the workers they are rendered on.
    static let cardCount = 400
    static let cardWorkers = 2

    /// Where pango-view is (Debian's pango1.0-tools).
    static let pangoView = "/usr/bin/pango-view"

    /// The textlayout binary: `--textlayout`, else the release build, else (in quick
    /// mode, where times mean nothing) the debug build.
    static func textlayout(options: Options) -> String? {
        let build = Paths.root.appendingPathComponent(".build")
        let candidates =
            options.textlayoutPath.map { [$0] }
            ?? [build.appendingPathComponent("release/textlayout").path]
            + (options.quick ? [build.appendingPathComponent("debug/textlayout").path] : [])
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The scenarios that can run: render by TextLayout and by pango-view, then cards.
    static func scenarios(corpora: [Corpus], options: Options) -> [any Scenario] {
        guard let english = corpora.first(where: { $0.name == "english-1mb" }) else { return [] }
        let sample = Data(Corpora.cut(String(decoding: english.utf8, as: UTF8.self), to: sampleSize).utf8)
        let sampleName = "english-\(sampleSize / 1000)kb"
        var all: [any Scenario] = []
        if let textlayout = textlayout(options: options) {
            all.append(
                WholeProcess(
                    name: ScenarioName(stage: "render png", sample: sampleName, variant: "textlayout render"),
                    engine: .textLayout, executable: textlayout,
                    arguments: ["render", "--format", "png", "--width", "\(width)", "-o", "{output}", "{input}"],
                    input: { sample },
                    note: "`textlayout render --format png --width \(width)`, DejaVu Sans 16 pt, the whole process"))
        }
        if FileManager.default.isExecutableFile(atPath: pangoView) {
            all.append(
                WholeProcess(
                    name: ScenarioName(stage: "render png", sample: sampleName, variant: "pango-view"),
                    engine: .pango, executable: pangoView,
                    arguments: [
                        "--pixels", "--font=DejaVu Sans 16px", "--width=\(width)", "--hinting=none", "-q", "-o",
                        "{output}", "{input}",
                    ], input: { sample },
                    note: "`pango-view --pixels --font=\"DejaVu Sans 16px\" --width=\(width) --hinting=none`"))
        }
        if let textlayout = textlayout(options: options) {
            all += wrapScenarios(textlayout: textlayout, english: Data(english.utf8), options: options)
            all.append(
                WholeProcess(
                    name: ScenarioName(
                        stage: "cards render png", sample: "\(cardCount) cards", variant: "\(cardWorkers) workers"),
                    engine: .textLayout, executable: textlayout,
                    arguments: [
                        "cards", "render", "{input}", "--out", "{output}", "--format", "png", "--progress", "none",
                        "--workers", "\(cardWorkers)",
                    ], input: cardRecords, outputIsDirectory: true,
                    note: "`scripts/card_records.py \(cardCount)` rendered by `textlayout cards render --format png`"))
        }
        return all
    }

    /// How many copies of english-1mb the large `wrap` row reads (not in quick mode).
    static let wrapCopies = 16

    /// `textlayout wrap --width 300` as a whole process, standard output to a file:
    /// english-1mb as text (both managers) and JSON, one line (start-up), and
    /// `wrapCopies` copies of english-1mb, with the peak memory of each.
    private static func wrapScenarios(textlayout: String, english: Data, options: Options) -> [any Scenario] {
        let command = ["wrap", "--width", "\(Self.width)"]
        func scenario(_ stage: String, _ sample: String, _ variant: String, _ flags: [String], _ input: Data)
            -> WholeProcess
        {
            WholeProcess(
                name: ScenarioName(stage: stage, sample: sample, variant: "textlayout wrap" + variant),
                engine: .textLayout, executable: textlayout, arguments: command + flags + ["{input}"], input: { input },
                outputIsStandardOutput: true,
                measuresPeakMemory: FileManager.default.isExecutableFile(atPath: WholeProcess.gnuTime),
                note: "`textlayout \((command + flags).joined(separator: " "))`, DejaVu Sans 16 pt, the whole process")
        }
        var all = [
            scenario("wrap text", "one line", "", [], Data("Hello, world\n".utf8)),
            scenario("wrap text", "english-1mb", "", [], english),
            scenario("wrap text", "english-1mb", " --manager glyph", ["--manager", "glyph"], english),
            scenario("wrap json", "english-1mb", "", ["--format", "json"], english),
        ]
        if !options.quick {
            var copies = Data()
            for _ in 0..<wrapCopies { copies += english }
            all.append(scenario("wrap text", "english-\(wrapCopies)mb", "", [], copies))
        }
        return all
    }

    /// What cannot run here, with why.
    static func notRun(options: Options) -> [String] {
        var reasons: [String] = []
        if textlayout(options: options) == nil {
            reasons.append(
                "render png, cards render png and wrap by textlayout (no binary: `swift build -c release --product textlayout` first, as `make bench` does, or --textlayout PATH)"
            )
        }
        if !FileManager.default.isExecutableFile(atPath: pangoView) {
            reasons.append("render png by pango-view (\(pangoView) missing: Debian's pango1.0-tools)")
        }
        return reasons
    }

    /// The label-card records of `scripts/card_records.py`, as JSON Lines.
    private static func cardRecords() throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Paths.root.appendingPathComponent("scripts/card_records.py").path, "\(cardCount)",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let records = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError("scripts/card_records.py failed (exit \(process.terminationStatus))")
        }
        return records
    }
}
