import Foundation
import WeatherCoreTesting
import Testing
@testable import WeatherCore
@testable import WeatherProviders

struct SymbolCodesTests {
    /// `Fixtures/metno/symbol_codes.txt`: every documented code with its group and night flag ("-": no variant).
    static let documented: [(code: String, group: String, night: String)] = String(
        decoding: Fixtures.data("metno/symbol_codes.txt"), as: UTF8.self
    )
    .split(separator: "\n").filter { !$0.hasPrefix("#") }
    .map { line in
        let fields = line.split(separator: " ").map(String.init)
        return (fields[0], fields[1], fields[2])
    }

    @Test func everyDocumentedCodeMapsToItsGroup() throws {
        #expect(Self.documented.count == 83)
        for (code, group, night) in Self.documented {
            let expected = try #require(ConditionGroup(rawValue: group), "\(group) is no condition group")
            for sunDown in [false, true] {
                let condition = try #require(SymbolCodes.condition(code, isNight: sunDown), "\(code) is not in the table")
                #expect(condition.group == expected, "\(code)")
                #expect(condition.isNight == (night == "-" ? sunDown : night == "true"), "\(code)")
                #expect(!condition.description.isEmpty && condition.description == condition.description.lowercased())
            }
        }
    }

    @Test func theTableHoldsNothingBeyondTheDocumentedSymbols() {
        // The two single-s spellings are the only extras: MET's list doubles the "s" in them.
        let bases = Set(Self.documented.map { $0.code.split(separator: "_")[0] }.map(String.init))
        let extras = Set(SymbolCodes.symbols.keys).subtracting(bases)
        #expect(bases.count == 41)
        #expect(extras == ["lightsleetshowersandthunder", "lightsnowshowersandthunder"])
        #expect(bases.allSatisfy { SymbolCodes.symbols[$0] != nil })
    }

    @Test func variantsAreReadOnlyWhereMETSendsThem() {
        #expect(SymbolCodes.symbols["rainshowers"]?.hasVariants == true)
        #expect(SymbolCodes.symbols["rain"]?.hasVariants == false)
        #expect(SymbolCodes.condition("clearsky_noon", isNight: false) == nil)
        #expect(SymbolCodes.condition("meteorshower_day", isNight: false) == nil)
        #expect(SymbolCodes.condition("", isNight: false) == nil)
    }

    @Test func descriptionsSayWhatFallsAndHowHard() {
        #expect(SymbolCodes.condition("heavyrainshowers_night", isNight: false)
            == Condition(code: 522, main: "Rain", description: "heavy rain showers", isNight: true, key: "metno.heavyrainshowers"))
        let thunderSnow = SymbolCodes.condition("lightssnowshowersandthunder_day", isNight: true)
        #expect(thunderSnow?.description == "light snow showers and thunder" && thunderSnow?.isNight == false)
        #expect(SymbolCodes.condition("sleet", isNight: false)?.description == "sleet")
        #expect(SymbolCodes.isSnow("heavysnowshowers_day"))
        #expect(!SymbolCodes.isSnow("sleetshowers_day"))
    }
}
