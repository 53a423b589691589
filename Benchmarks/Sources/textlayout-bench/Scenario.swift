/// A scenario's name, `<stage> - <sample> <variant>` ("cold layout - english-1mb Pango
/// per paragraph"), as every benchmark of the project is named.
struct ScenarioName: Hashable, Sendable, CustomStringConvertible {
    /// What is measured ("cold layout", "re-wrap").
    var stage: String
    /// The input ("english-1mb").
    var sample: String
    /// Who does it and how ("TextLayout", "Pango per paragraph", "floor").
    var variant: String

    var description: String { "\(stage) - \(sample) \(variant)" }
}

/// Which engine a scenario measures: ratios compare a scenario with the Pango and
/// floor scenarios of the same stage and sample.
enum Engine: String, Sendable, Codable {
    case textLayout = "TextLayout"
    case pango = "Pango"
    case floor = "floor"
}

/// One measured piece of work. `prepare()` runs once, untimed; before every run
/// `reset()` runs, untimed; `run()` is what the clock sees.
///
/// Adding a scenario is one small file: a type conforming to this protocol (or a
/// function making several), listed in `ScenarioRegistry`.
protocol Scenario: AnyObject {
    /// The scenario's name.
    var name: ScenarioName { get }
    /// The engine measured.
    var engine: Engine { get }
    /// The input size in UTF-8 bytes, for MB/s.
    var bytes: Int { get }
    /// Untimed set-up (shaping for re-wrap, loading fonts).
    func prepare() throws
    /// Untimed, before each run (emptying caches for a cold run).
    func reset()
    /// The timed work; returns the number of lines laid out.
    func run() throws -> Int
    /// Anything the table should say about this scenario, after the runs.
    var notes: [String] { get }
    /// Extra figures for the table and JSON (a cache's hit rate), after the runs.
    var extra: [String: Double] { get }
}

extension Scenario {
    func prepare() throws {}
    func reset() {}
    var notes: [String] { [] }
    var extra: [String: Double] { [:] }
}

/// A scenario the issue asks for whose subject does not exist yet: listed in the
/// output as not yet available, never run.
struct PlannedScenario: Sendable {
    /// Its name.
    var name: String
    /// What it waits for.
    var waitingFor: String
}
