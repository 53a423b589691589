/// An option a command accepts: `--name value`, `--name=value`, or a flag `--name`.
struct OptionSpec: Sendable, Hashable {
    /// The long name, without the leading `--`.
    var name: String
    /// A one-letter alias used as `-x`, if any.
    var short: Character?
    /// Whether the option takes a value (otherwise it is a flag).
    var takesValue: Bool
    /// Whether the option may be given more than once (values are kept in order).
    var isRepeatable: Bool

    /// An option that takes a value, with an optional one-letter alias (`-o file`).
    static func value(_ name: String, short: Character? = nil, repeatable: Bool = false) -> OptionSpec {
        OptionSpec(name: name, short: short, takesValue: true, isRepeatable: repeatable)
    }

    /// A flag: present or not.
    static func flag(_ name: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, short: short, takesValue: false, isRepeatable: true)
    }

    /// How the option is written in messages: `--name`.
    var spelling: String { "--" + name }
}

/// A parsed command line: option values, flags and positional arguments.
struct ParsedArguments: Sendable, Equatable {
    /// The values of each option that takes values, in the order given.
    var values: [String: [String]] = [:]
    /// The flags given.
    var flags: Set<String> = []
    /// The arguments that are not options, in order.
    var positionals: [String] = []

    /// The value of a non-repeatable option, or nil when it was not given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether a flag (or option) was given.
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

/// Our own command-line parser (no package can be fetched here).
///
/// Long options take their value as the next argument (`--width 300`, even one that
/// starts with `-`, such as `--width -5`, so the value's check can explain what is
/// wrong with it) or after `=` (`--width=300`). Flags take no value. `-` alone is a
/// positional argument (standard input), and `--` ends the options: everything after
/// it is positional. Every error names the option it is about.
struct ArgumentParser: Sendable {
    /// The options the command accepts.
    var options: [OptionSpec]

    /// Parses `arguments` (without the program and subcommand names).
    ///
    /// - Throws: `CommandLineError` (usage, exit 64) for an unknown option, a
    ///   missing value, a value given to a flag, or a non-repeatable option given
    ///   twice.
    func parse(_ arguments: [String]) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.positionals.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                result.positionals.append(argument)
                continue
            }
            var inlineValue: String?
            let option: OptionSpec
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = options.first(where: { $0.name == name }) else {
                    throw CommandLineError.usage("unknown option '--\(name)'")
                }
                option = found
            } else {
                guard argument.count == 2, let found = options.first(where: { $0.short == argument.last }) else {
                    throw CommandLineError.usage("unknown option '\(argument)'")
                }
                option = found
            }
            try record(option, inlineValue: inlineValue, arguments: arguments, index: &index, into: &result)
        }
        return result
    }

    /// Stores one option occurrence, taking its value from `=…` or the next argument.
    private func record(
        _ option: OptionSpec, inlineValue: String?, arguments: [String], index: inout Int,
        into result: inout ParsedArguments
    ) throws {
        guard option.takesValue else {
            if inlineValue != nil {
                throw CommandLineError.usage("option '\(option.spelling)' does not take a value")
            }
            result.flags.insert(option.name)
            return
        }
        if !option.isRepeatable, result.values[option.name] != nil {
            throw CommandLineError.usage("option '\(option.spelling)' was given more than once")
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < arguments.count else {
                throw CommandLineError.usage("option '\(option.spelling)' requires a value")
            }
            value = arguments[index]
            index += 1
        }
        result.values[option.name, default: []].append(value)
    }

    /// Whether `arguments` ask for help (`--help` or `-h` before any `--`), which
    /// wins over every other option and error.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }
}
