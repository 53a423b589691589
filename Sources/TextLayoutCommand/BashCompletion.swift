import LabelCards
import Typesetting

/// The bash completion script (`textlayout help bash-completion`, installed by
/// `make install`), made from the option tables the commands parse with, so a new
/// option completes without anyone editing a script.
enum BashCompletion {
    /// One command's options, and the values some of them take.
    private struct Command {
        /// The words after `textlayout` that name it ("wrap", "cards sheet").
        var words: String
        var parser: ArgumentParser
        var choices: [String: [String]]
    }

    private static var commands: [Command] {
        let font = [
            "align": TextAlignment.allCases.map(\.rawValue), "manager": WrapOptions.Manager.allCases.map(\.rawValue),
            "truncate": LineLimit.Truncation.allCases.map(\.rawValue),
            "hyphenate": Hyphenation.allCases.map(\.rawValue),
            "strategy": LineBreakStrategyKind.allCases.map(\.rawValue),
        ]
        let progress = CardsOptions.Progress.allCases.map(\.rawValue)
        return [
            Command(
                words: "wrap", parser: WrapOptions.parser,
                choices: font.merging(["format": WrapOptions.Format.allCases.map(\.rawValue)]) { $1 }),
            Command(
                words: "render", parser: RenderOptions.parser,
                choices: font.merging(["format": RenderOptions.Format.allCases.map(\.rawValue)]) { $1 }),
            Command(
                words: "cards preview", parser: CardsOptions.previewParser,
                choices: ["schemes": ["light", "dark", "light,dark"], "categories": ["all"]]),
            Command(
                words: "cards render", parser: CardsOptions.renderParser,
                choices: ["format": LabelCardFormat.allCases.map(\.rawValue), "progress": progress]),
            Command(
                words: "cards sheet", parser: SheetOptions.parser,
                choices: [
                    "paper": SheetOptions.papers.keys.sorted(), "progress": progress,
                    "layout": LabelSheetLayout.presets.keys.sorted() + ["3x8"],
                ]),
        ]
    }

    /// The script: a completion function for `textlayout` and its registration.
    static var script: String {
        var cases: [String] = []
        for command in commands {
            let options = command.parser.options.flatMap { option in
                ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
            }
            let valued = command.parser.options.filter(\.takesValue).flatMap { option in
                ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? [])
            }
            var choiceCases = command.choices.keys.sorted().map { name in
                "            --\(name)) COMPREPLY=($(compgen -W \"\(command.choices[name]!.joined(separator: " "))\" -- \"$cur\")); return ;;"
            }
            choiceCases.append(
                "            \(valued.joined(separator: "|"))) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            cases.append(
                """
                    "\(command.words)")
                        options="\(options.joined(separator: " "))"
                        case "$prev" in
                \(choiceCases.joined(separator: "\n"))
                        esac ;;
                """)
        }
        return """
            # bash completion for textlayout \(TextLayoutTool.version); made by `textlayout help bash-completion`.
            _textlayout() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command options
                if (( COMP_CWORD == 1 )); then
                    COMPREPLY=($(compgen -W "wrap render cards help --help --version" -- "$cur")); return
                fi
                command="${COMP_WORDS[1]}"
                if [[ "$command" == cards ]]; then
                    if (( COMP_CWORD == 2 )); then
                        COMPREPLY=($(compgen -W "preview render sheet" -- "$cur")); return
                    fi
                    command="cards ${COMP_WORDS[2]}"
                fi
                case "$command" in
            \(cases.joined(separator: "\n"))
                    *) return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -o bashdefault -F _textlayout textlayout
            """ + "\n"
    }
}
