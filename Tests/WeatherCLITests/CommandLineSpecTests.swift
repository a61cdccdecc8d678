import Testing
import WeatherCLI
import WeatherCore
import WeatherProviders

/// The one description of the command line against the parser that acts on it.
struct CommandLineSpecTests {
    /// A value the parser takes for each option that has one.
    static func sample(_ option: OptionSpec) -> String {
        option.choices.first ?? (option.long == "--timeout" ? "5" : "value")
    }

    @Test(arguments: CommandLineSpec.options(.standard).flatMap { option in option.names.map { (option, $0) } })
    func theParserTakesEveryDescribedSpelling(_ option: OptionSpec, _ name: String) throws {
        let arguments = [name] + (option.value.map { _ in [Self.sample(option)] } ?? [])
        #expect(throws: Never.self) { try Options.parse(arguments, providers: .standard) }
        if option.value != nil {
            // And the same value attached with "=", and a usage error naming the option when it is missing.
            if name.hasPrefix("--") { #expect(throws: Never.self) { try Options.parse(["\(name)=\(Self.sample(option))"], providers: .standard) } }
            #expect { try Options.parse([name], providers: .standard) } throws: { ($0 as? Options.UsageError)?.message == "\(name) needs a value." }
        }
        if !option.choices.isEmpty, option.long != "--format" {  // FORMAT's presets are suggestions: any text is a format
            #expect { try Options.parse([name, "nonsense"], providers: .standard) } throws: { ($0 as? Options.UsageError)?.message.hasPrefix("\(name) must be") == true }
        }
    }

    @Test func anOptionItDoesNotDescribeIsRefused() {
        #expect { try Options.parse(["--generate-manual"], providers: .standard) } throws: { ($0 as? Options.UsageError)?.message == "Unknown option --generate-manual." }
    }

    @Test func eachSpellingBelongsToOneOption() {
        let names = CommandLineSpec.options(.standard).flatMap(\.names)
        #expect(Set(names).count == names.count)
        #expect(CommandLineSpec.options(.standard).allSatisfy { $0.brief(Strings.terminal(.english)).count <= 40 && $0.help(Strings.terminal(.english)) != "cli.option." + $0.long.dropFirst(2) })
    }

    /// A minus and a digit (or a decimal point and a digit) start a place, never an option.
    @Test(arguments: [
        (["-33.9, 18.4"], "-33.9, 18.4"), (["-33.9,18.4"], "-33.9,18.4"), (["-33.9,", "18.4"], "-33.9, 18.4"),
        (["--units", "metric", "-.5, -1"], "-.5, -1"), (["-0, 0"], "-0, 0"),
    ])
    func aMinusBeforeADigitIsAPlace(arguments: [String], city: String) throws {
        guard case .run(let options) = try Options.parse(arguments, providers: .standard) else { return #expect(Bool(false)) }
        #expect(options.city.joined(separator: " ") == city)
    }

    @Test(arguments: ["-x", "--5", "-e1", "-,5"])
    func otherMinusesAreOptions(argument: String) {
        #expect(throws: Options.UsageError.self) { try Options.parse([argument], providers: .standard) }
    }
}
