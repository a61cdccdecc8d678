import FoundationEssentials
import WeatherCore
/// `--generate-completion-script bash|zsh|fish`: the options, their values and the cities you looked up before.
///
/// The cities are not in the script: at each Tab it asks `weather-or-not --recent-cities`, which reads the
/// preferences file then (no network, nothing written), so the list is the prompt's Tab list of that moment.
package enum CompletionScript {
    /// The script for `shell`, its menu descriptions (zsh, fish) in the language of `strings`.
    /// `--provider` completes the names of `providers`' services.
    package static func script(for shell: String, strings: Strings = Strings.terminal(.english), providers: ProviderCatalog) -> String {
        let options = CommandLineSpec.options(providers)
        return switch shell {
        case "bash": bash(options)
        case "zsh": zsh(strings, options)
        default: fish(strings, options)
        }
    }

    private static let header = "completion for weather-or-not, made by `weather-or-not --generate-completion-script"

    /// Words are matched case-insensitively; a city is inserted escaped (`San\ José\,\ CR`), or quoted for the quote
    /// the word was begun with, so that no name is ever run as code. `--units=me` works as well as `--units me`.
    static func bash(_ options: [OptionSpec]) -> String {
        let valued = options.filter { $0.value != nil }
        let cases = valued.map { option in
            "        \(option.names.joined(separator: "|"))) _weather_or_not_offer \"$cur\" \(option.choices.joined(separator: " ")); return ;;"
        }
        let flags = options.flatMap(\.names).joined(separator: " ")
        return #"""
            # bash \#(header) bash`.
            # Load it from ~/.local/share/bash-completion/completions/weather-or-not, or: source <(weather-or-not --generate-completion-script bash)

            _weather_or_not_offer() {
                local typed=${1,,} word
                shift
                for word in "$@"; do
                    [[ ${word,,} == "$typed"* ]] && COMPREPLY+=("$word")
                done
                return 0  # a Tab that finds nothing must not end a shell running with set -e
            }

            _weather_or_not() {
                local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} prev=
                COMPREPLY=()
                # COMP_WORDBREAKS splits "--units=me" into "--units" "=" "me".
                if [[ $cur == = ]]; then
                    cur=
                elif (( cword > 1 )) && [[ ${COMP_WORDS[cword-1]} == = ]]; then
                    (( cword-- ))
                fi
                (( cword > 0 )) && prev=${COMP_WORDS[cword-1]}
                case $prev in
            \#(cases.joined(separator: "\n"))
                esac
                local i
                for (( i = 1; i < cword; i++ )); do
                    [[ ${COMP_WORDS[i]} == -- ]] && break
                done
                if (( i == cword )) && [[ $cur == -* ]]; then
                    _weather_or_not_offer "$cur" \#(flags)
                    return 0
                fi
                local quote= typed=$cur city
                case $typed in
                    \"*|\'*) quote=${typed:0:1}; typed=${typed:1} ;;
                    *) typed=${typed//\\/} ;;
                esac
                typed=${typed,,}
                # A name is text, never code: quoted for the quote the word began with, else escaped.
                while IFS= read -r city; do
                    [[ ${city,,} == "$typed"* ]] || continue
                    case $quote in
                        \')
                            city=${city//\'/\'\\\'\'}
                            city=\'$city\' ;;
                        \")
                            city=${city//\\/\\\\}; city=${city//\$/\\\$}; city=${city//\`/\\\`}; city=${city//\"/\\\"}
                            city=${city//!/\"\'!\'\"}
                            city=\"$city\" ;;
                        *) printf -v city '%q' "$city" ;;
                    esac
                    COMPREPLY+=("$city")
                done < <(command weather-or-not --recent-cities 2>/dev/null)
                return 0
            }

            complete -F _weather_or_not weather-or-not

            """#
    }

    /// `_arguments` specs: each option once, its values after the colon; cities matched ignoring case.
    static func zsh(_ strings: Strings, _ options: [OptionSpec]) -> String {
        func escaped(_ text: String) -> String {
            var out = ""
            for character in text {
                if "[]:\\'".contains(character) { out += character == "'" ? "'\\''" : "\\\(character)" } else { out.append(character) }
            }
            return out
        }
        let specs = options.map { option -> String in
            let exclusion = option.standsAlone ? "(- *)" : ""  // nothing is offered after them
            let value = option.value.map { ":\($0.lowercased()):" + (option.choices.isEmpty ? " " : "(\(option.choices.joined(separator: " ")))") } ?? ""
            let tail = (option.value != nil ? "=" : "") + "[\(escaped(option.brief(strings)))]" + value
            if option.names.count > 1 { return "        '\(exclusion)'{\(option.names.joined(separator: ","))}'\(tail)'" }
            return "        '\(exclusion)\(option.long)\(tail)'"
        }
        return """
            #compdef weather-or-not
            # zsh \(header) zsh`.
            # Save it as _weather-or-not in a directory of $fpath (before compinit runs), or: source <(weather-or-not --generate-completion-script zsh)

            _weather-or-not_cities() {
                local -a cities
                cities=("${(@f)$(command weather-or-not --recent-cities 2>/dev/null)}")
                cities=(${cities:#})
                compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a cities
            }

            _weather-or-not() {
                _arguments -S \\
            \(specs.joined(separator: " \\\n")) \\
                    '*:city:_weather-or-not_cities'
            }

            if [[ $funcstack[1] == _weather-or-not ]]; then
                _weather-or-not "$@"
            else
                compdef _weather-or-not weather-or-not
            fi

            """
    }

    /// One `complete` line per option; cities whenever the word being typed is not an option.
    static func fish(_ strings: Strings, _ options: [OptionSpec]) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'" }
        let lines = options.map { option -> String in
            var line = "complete -c weather-or-not"
            for name in option.names {
                line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
            }
            if option.value != nil {
                line += " -x"
                if !option.choices.isEmpty { line += " -a " + quoted(option.choices.joined(separator: " ")) }
            }
            return line + " -d " + quoted(option.brief(strings))
        }
        return """
            # fish \(header) fish`.
            # Save it as ~/.config/fish/completions/weather-or-not.fish, or: weather-or-not --generate-completion-script fish | source

            complete -c weather-or-not -f
            \(lines.joined(separator: "\n"))
            complete -c weather-or-not -n 'not string match -q -- "-*" (commandline -ct) ""' -a '(command weather-or-not --recent-cities 2>/dev/null)' -d \(quoted(strings["cli.brief.city"]))

            """
    }
}
