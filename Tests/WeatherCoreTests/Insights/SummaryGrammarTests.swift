import Foundation
import Testing
@testable import WeatherCore

/// The summaries' grammar in every language, from small constructed reports (observed at 13:00 on Tuesday
/// 2023-11-14, as in ``ForecastSummariesTests``): rain and snow (their genders), now and later, today and another day
/// (weekday phrases with their prepositions), one hour or several, one day or several in the 5-day summary.
/// Each sentence was written and read by hand; amounts are whole millimetres, and percentages come from
/// ``UnitFormatting``, so neither depends on this file's choice of decimal separator or percent sign.
struct SummaryGrammarTests {
    typealias T = ForecastSummariesTests

    static func pc(_ fraction: Double) -> String { UnitFormatting.percent(fraction: fraction) }

    /// Every situation's sentence in `language`, by name.
    static func sentences(_ language: Language) -> [String: String] {
        let f = DisplayFormatter(options: DisplayOptions(units: .metric, clock: .twentyFourHour, language: language))
        var out: [String: String] = [:]
        func h(_ r: WeatherReport) -> String { f.hourly(r, count: 8).summary }
        let drying = T.report(T.drySlots, code: 501, rain: 1.2)
        out["dryFrom.h"] = h(drying); out["dryFrom.o"] = f.rainOutlook(drying)
        let until = T.report([T.slot(15, 8, code: 500, pop: 0.9, mm: 2), T.slot(18, 13), T.slot(21, 4)], code: 500, rain: 0.8)
        out["until.h"] = h(until); out["until.o"] = f.rainOutlook(until)
        let all = T.report((0..<8).map { T.slot(15 + $0 * 3, 4 + Double($0), code: 501, pop: 0.8, mm: 1) }, code: 501, rain: 1)
        out["through.h"] = h(all); out["through.o"] = f.rainOutlook(all)
        let again = T.report([T.slot(15, 8), T.slot(18, 13, code: 500, pop: 0.7, mm: 1), T.slot(21, 4), T.slot(24, 5)], code: 500, rain: 0.5)
        out["again.h"] = h(again); out["again.o"] = f.rainOutlook(again)
        let snowLater = T.report([T.slot(15, 8), T.slot(27, 1, code: 600, pop: 0.9, mm: 2, snow: true)], code: 500, rain: 0.5)
        out["snowWed.h"] = h(snowLater); out["snowWed.o"] = f.rainOutlook(snowLater)
        let turning = T.report([T.slot(15, 1, code: 600, pop: 0.9, mm: 2, snow: true), T.slot(18, 0), T.slot(21, -1)], code: 500, rain: 0.5, temp: 2)
        out["turn.h"] = h(turning); out["turn.o"] = f.rainOutlook(turning)
        let later = T.report([T.slot(15, 8, code: 500, pop: 0.8, mm: 1), T.slot(18, 13, code: 500, pop: 0.9, mm: 1), T.slot(21, 4)])
        out["later.h"] = h(later); out["later.o"] = f.rainOutlook(later)
        let snowing = T.report([T.slot(15, -2, code: 600, pop: 0.8, mm: 2, snow: true), T.slot(18, -1), T.slot(21, -4)], code: 600, snow: 0.3, temp: -3)
        out["snowNow.h"] = h(snowing); out["snowNow.o"] = f.rainOutlook(snowing)
        let dry = T.report(T.drySlots)
        out["dry.h"] = h(dry); out["dry.o"] = f.rainOutlook(dry)
        var one = T.slot(14, 8); one.hours = 1
        let dryOne = T.report([one])
        out["dry1.h"] = h(dryOne); out["dry1.o"] = f.rainOutlook(dryOne)
        let possibleWed = T.report([T.slot(15), T.slot(39, 8, code: 500, pop: 0.5, mm: 4), T.slot(42, 8, code: 500, pop: 0.5, mm: 1), T.slot(45)])
        out["wed.o"] = f.rainOutlook(possibleWed)
        var expected = T.slot(45, 8, code: 500, mm: 2); expected.precipitationProbability = nil
        var expected2 = T.slot(48, 8, code: 600, mm: 2, snow: true); expected2.precipitationProbability = nil
        out["cross.o"] = f.rainOutlook(T.report([T.slot(15), expected, expected2, T.slot(51)]))
        // Tuesday to Saturday, dry, highs 5–9°; `wet` makes the days at the given indexes rain or snow.
        let days = (0..<5).map { d in
            DailySummary(
                dayNumber: 19675 + d, weekday: (2 + d) % 7, high: 5 + Double(d), low: 0,
                condition: Condition(code: 800, main: "", description: "", isNight: false), precipitationProbability: 0, precipitation: 0)
        }
        out["week"] = f.summaries.dailySummary(days)
        func wet(_ d: [DailySummary], _ rain: [Int], _ snow: [Int] = []) -> [DailySummary] {
            d.enumerated().map { i, day in
                var x = day
                if rain.contains(i) || snow.contains(i) {
                    x.precipitationProbability = 0.9; x.precipitation = 3; x.isSnow = snow.contains(i)
                    // A wet day draws its rain or snow (DailySummary.days makes it so).
                    x.condition = Condition(code: x.isSnow ? 600 : 500, main: "", description: "", isNight: false)
                }
                return x
            }
        }
        out["oneDay"] = f.summaries.dailySummary(wet(days, [1]))
        out["twoDays"] = f.summaries.dailySummary(wet(days, [1, 2]))
        out["threeDays"] = f.summaries.dailySummary(wet(days, [1, 2, 4]))
        out["mixed"] = f.summaries.dailySummary(wet(days, [1], [0, 2]))
        out["period"] = f.summaries.dailySummary(Array(days.prefix(3)))
        out["cold"] = f.summaries.dailySummary(days.map { var x = $0; x.high = -4 + Double($0.weekday % 3); return x })
        return out
    }

    static let expected: [Language: [String: String]] = [
        .english: [
            "dryFrom.h": "Raining now, dry from 15:00; 4–13°.",
            "dryFrom.o": "Raining now; dry from 15:00.",
            "until.h": "Raining now until about 18:00, then dry; 4–13°.",
            "until.o": "Raining now until about 18:00, about 2 mm more (\(pc(0.9)) chance).",
            "through.h": "Raining now and throughout the next 24 hours; 4–11°.",
            "through.o": "Raining now and for the next 24 hours, about 8 mm more (\(pc(0.8)) chance).",
            "again.h": "Raining now, dry from 15:00, rain again from 18:00 to 21:00; 4–13°.",
            "again.o": "Raining now; dry from 15:00, then rain likely today 18:00–21:00, about 1 mm (\(pc(0.7)) chance).",
            "snowWed.h": "Raining now, dry from 15:00, snow from Wed 03:00; 1–9°.",
            "snowWed.o": "Raining now; dry from 15:00, then snow likely Wed 03:00–06:00, about 2 mm (\(pc(0.9)) chance).",
            "turn.h": "Raining now, turning to snow until about 18:00, then dry; -1 to 2°.",
            "turn.o": "Raining now, turning to snow until about 18:00, about 2 mm more (\(pc(0.9)) chance).",
            "later.h": "Rain from 15:00 to 21:00, then dry; 4–13°.",
            "later.o": "Rain likely today 15:00–21:00, about 2 mm (\(pc(0.9)) chance).",
            "snowNow.h": "Snowing now until about 18:00, then dry; -4 to -1°.",
            "snowNow.o": "Snowing now until about 18:00, about 2 mm more (\(pc(0.8)) chance).",
            "dry.h": "Dry for the next 9 hours, 4–13°.",
            "dry.o": "No rain or snow expected in the next 9 hours.",
            "dry1.h": "Dry for the next hour, 8–9°.",
            "dry1.o": "No rain or snow expected in the next hour.",
            "wed.o": "Rain possible Wed 15:00–21:00, about 5 mm (\(pc(0.5)) chance).",
            "cross.o": "Rain expected Wed 21:00–Thu 03:00, about 4 mm.",
            "week": "Dry all week, highs 5–9°.",
            "oneDay": "Rain on Wed, highs 5–9°.",
            "twoDays": "Rain on Wed and Thu, highs 5–9°.",
            "threeDays": "Rain on Wed, Thu and Sat, highs 5–9°.",
            "mixed": "Snow today and Thu, rain on Wed, highs 5–9°.",
            "period": "Dry all period, highs 5–7°.",
            "cold": "Dry all week, highs -4 to -2°.",
        ],
        .french: [
            "dryFrom.h": "Pluie en cours, temps sec à partir de 15:00\u{00A0}; 4–13°.",
            "dryFrom.o": "Pluie en cours\u{00A0}; temps sec à partir de 15:00.",
            "until.h": "Pluie en cours jusque vers 18:00, puis temps sec\u{00A0}; 4–13°.",
            "until.o": "Pluie en cours jusque vers 18:00, encore environ 2 mm (probabilité 90\u{00A0}%).",
            "through.h": "Pluie dès maintenant et tout au long des 24 prochaines heures\u{00A0}; 4–11°.",
            "through.o": "Pluie dès maintenant et pendant les 24 prochaines heures, encore environ 8 mm (probabilité 80\u{00A0}%).",
            "again.h": "Pluie en cours, temps sec à partir de 15:00, retour de la pluie de 18:00 à 21:00\u{00A0}; 4–13°.",
            "again.o": "Pluie en cours\u{00A0}; temps sec à partir de 15:00, puis pluie probable aujourd’hui 18:00–21:00, environ 1 mm (probabilité 70\u{00A0}%).",
            "snowWed.h": "Pluie en cours, temps sec à partir de 15:00, neige à partir de mercredi 03:00\u{00A0}; 1–9°.",
            "snowWed.o": "Pluie en cours\u{00A0}; temps sec à partir de 15:00, puis neige probable mercredi 03:00–06:00, environ 2 mm (probabilité 90\u{00A0}%).",
            "turn.h": "Pluie en cours, se transformant en neige jusque vers 18:00, puis temps sec\u{00A0}; de -1 à 2°.",
            "turn.o": "Pluie en cours, se transformant en neige jusque vers 18:00, encore environ 2 mm (probabilité 90\u{00A0}%).",
            "later.h": "Pluie de 15:00 à 21:00, puis temps sec\u{00A0}; 4–13°.",
            "later.o": "Pluie probable aujourd’hui 15:00–21:00, environ 2 mm (probabilité 90\u{00A0}%).",
            "snowNow.h": "Neige en cours jusque vers 18:00, puis temps sec\u{00A0}; de -4 à -1°.",
            "snowNow.o": "Neige en cours jusque vers 18:00, encore environ 2 mm (probabilité 80\u{00A0}%).",
            "dry.h": "Temps sec pour les 9 prochaines heures, 4–13°.",
            "dry.o": "Ni pluie ni neige prévues dans les 9 prochaines heures.",
            "dry1.h": "Temps sec pour l’heure à venir, 8–9°.",
            "dry1.o": "Ni pluie ni neige prévues dans l’heure à venir.",
            "wed.o": "Pluie possible mercredi 15:00–21:00, environ 5 mm (probabilité 50\u{00A0}%).",
            "cross.o": "Pluie attendue mercredi 21:00–jeudi 03:00, environ 4 mm.",
            "week": "Temps sec toute la semaine, maximales 5–9°.",
            "oneDay": "Pluie mercredi, maximales 5–9°.",
            "twoDays": "Pluie mercredi et jeudi, maximales 5–9°.",
            "threeDays": "Pluie mercredi, jeudi et samedi, maximales 5–9°.",
            "mixed": "Neige aujourd’hui et jeudi, pluie mercredi, maximales 5–9°.",
            "period": "Temps sec sur toute la période, maximales 5–7°.",
            "cold": "Temps sec toute la semaine, maximales de -4 à -2°.",
        ],
        .german: [
            "dryFrom.h": "Aktuell Regen, trocken ab 15:00; 4–13°.",
            "dryFrom.o": "Aktuell Regen; trocken ab 15:00.",
            "until.h": "Aktuell Regen bis etwa 18:00, danach trocken; 4–13°.",
            "until.o": "Aktuell Regen bis etwa 18:00, noch etwa 2 mm (Wahrscheinlichkeit 90\u{00A0}%).",
            "through.h": "Aktuell und während der gesamten nächsten 24 Stunden Regen; 4–11°.",
            "through.o": "Aktuell und in den nächsten 24 Stunden Regen, noch etwa 8 mm (Wahrscheinlichkeit 80\u{00A0}%).",
            "again.h": "Aktuell Regen, trocken ab 15:00, erneut Regen von 18:00 bis 21:00; 4–13°.",
            "again.o": "Aktuell Regen; trocken ab 15:00, danach Regen wahrscheinlich heute 18:00–21:00, etwa 1 mm (Wahrscheinlichkeit 70\u{00A0}%).",
            "snowWed.h": "Aktuell Regen, trocken ab 15:00, Schneefall ab Mittwoch 03:00; 1–9°.",
            "snowWed.o": "Aktuell Regen; trocken ab 15:00, danach Schneefall wahrscheinlich am Mittwoch 03:00–06:00, etwa 2 mm (Wahrscheinlichkeit 90\u{00A0}%).",
            "turn.h": "Aktuell Regen, in Schnee übergehend, bis etwa 18:00, danach trocken; -1 bis 2°.",
            "turn.o": "Aktuell Regen, in Schnee übergehend, bis etwa 18:00, noch etwa 2 mm (Wahrscheinlichkeit 90\u{00A0}%).",
            "later.h": "Regen von 15:00 bis 21:00, danach trocken; 4–13°.",
            "later.o": "Regen wahrscheinlich heute 15:00–21:00, etwa 2 mm (Wahrscheinlichkeit 90\u{00A0}%).",
            "snowNow.h": "Aktuell Schneefall bis etwa 18:00, danach trocken; -4 bis -1°.",
            "snowNow.o": "Aktuell Schneefall bis etwa 18:00, noch etwa 2 mm (Wahrscheinlichkeit 80\u{00A0}%).",
            "dry.h": "In den nächsten 9 Stunden trocken, 4–13°.",
            "dry.o": "Kein Niederschlag in den nächsten 9 Stunden erwartet.",
            "dry1.h": "In der nächsten Stunde trocken, 8–9°.",
            "dry1.o": "Kein Niederschlag in der nächsten Stunde erwartet.",
            "wed.o": "Regen möglich am Mittwoch 15:00–21:00, etwa 5 mm (Wahrscheinlichkeit 50\u{00A0}%).",
            "cross.o": "Regen erwartet von Mittwoch 21:00 bis Donnerstag 03:00, etwa 4 mm.",
            "week": "Die ganze Woche trocken, Höchstwerte 5–9°.",
            "oneDay": "Regen am Mittwoch, Höchstwerte 5–9°.",
            "twoDays": "Regen am Mittwoch und am Donnerstag, Höchstwerte 5–9°.",
            "threeDays": "Regen am Mittwoch, am Donnerstag und am Samstag, Höchstwerte 5–9°.",
            "mixed": "Schneefall heute und am Donnerstag, Regen am Mittwoch, Höchstwerte 5–9°.",
            "period": "Im ganzen Zeitraum trocken, Höchstwerte 5–7°.",
            "cold": "Die ganze Woche trocken, Höchstwerte -4 bis -2°.",
        ],
        .spanish: [
            "dryFrom.h": "Llueve ahora, tiempo seco desde las 15:00; 4–13°.",
            "dryFrom.o": "Llueve ahora; tiempo seco desde las 15:00.",
            "until.h": "Llueve ahora hasta cerca de las 18:00, luego tiempo seco; 4–13°.",
            "until.o": "Llueve ahora hasta cerca de las 18:00, alrededor de 2 mm más (probabilidad del 90\u{00A0}%).",
            "through.h": "Llueve ahora y seguirá a lo largo de las próximas 24 horas; 4–11°.",
            "through.o": "Llueve ahora y seguirá durante las próximas 24 horas, alrededor de 8 mm más (probabilidad del 80\u{00A0}%).",
            "again.h": "Llueve ahora, tiempo seco desde las 15:00, vuelve la lluvia de 18:00 a 21:00; 4–13°.",
            "again.o": "Llueve ahora; tiempo seco desde las 15:00, después lluvia probable hoy de 18:00 a 21:00, alrededor de 1 mm (probabilidad del 70\u{00A0}%).",
            "snowWed.h": "Llueve ahora, tiempo seco desde las 15:00, nieve desde el miércoles a las 03:00; 1–9°.",
            "snowWed.o": "Llueve ahora; tiempo seco desde las 15:00, después nieve probable el miércoles de 03:00 a 06:00, alrededor de 2 mm (probabilidad del 90\u{00A0}%).",
            "turn.h": "Llueve ahora y después nevará hasta cerca de las 18:00, luego tiempo seco; de -1 a 2°.",
            "turn.o": "Llueve ahora y después nevará hasta cerca de las 18:00, alrededor de 2 mm más (probabilidad del 90\u{00A0}%).",
            "later.h": "Lluvia de 15:00 a 21:00, luego tiempo seco; 4–13°.",
            "later.o": "Lluvia probable hoy de 15:00 a 21:00, alrededor de 2 mm (probabilidad del 90\u{00A0}%).",
            "snowNow.h": "Nieva ahora hasta cerca de las 18:00, luego tiempo seco; de -4 a -1°.",
            "snowNow.o": "Nieva ahora hasta cerca de las 18:00, alrededor de 2 mm más (probabilidad del 80\u{00A0}%).",
            "dry.h": "Tiempo seco durante las próximas 9 horas, 4–13°.",
            "dry.o": "No se esperan lluvias ni nevadas en las próximas 9 horas.",
            "dry1.h": "Tiempo seco durante la próxima hora, 8–9°.",
            "dry1.o": "No se esperan lluvias ni nevadas en la próxima hora.",
            "wed.o": "Lluvia posible el miércoles de 15:00 a 21:00, alrededor de 5 mm (probabilidad del 50\u{00A0}%).",
            "cross.o": "Lluvia prevista desde el miércoles a las 21:00 hasta el jueves a las 03:00, alrededor de 4 mm.",
            "week": "Tiempo seco toda la semana, máximas 5–9°.",
            "oneDay": "Lluvia el miércoles, máximas 5–9°.",
            "twoDays": "Lluvia el miércoles y el jueves, máximas 5–9°.",
            "threeDays": "Lluvia el miércoles, el jueves y el sábado, máximas 5–9°.",
            "mixed": "Nieve hoy y el jueves, lluvia el miércoles, máximas 5–9°.",
            "period": "Tiempo seco todo el periodo, máximas 5–7°.",
            "cold": "Tiempo seco toda la semana, máximas de -4 a -2°.",
        ],
        .portuguese: [
            "dryFrom.h": "Chove agora, tempo seco a partir das 15:00; 4–13°.",
            "dryFrom.o": "Chove agora; tempo seco a partir das 15:00.",
            "until.h": "Chove agora até por volta das 18:00, depois tempo seco; 4–13°.",
            "until.o": "Chove agora até por volta das 18:00, mais cerca de 2 mm (probabilidade de \(pc(0.9))).",
            "through.h": "Chove agora e ao longo das próximas 24 horas; 4–11°.",
            "through.o": "Chove agora e nas próximas 24 horas, mais cerca de 8 mm (probabilidade de \(pc(0.8))).",
            "again.h": "Chove agora, tempo seco a partir das 15:00, volta a chover das 18:00 às 21:00; 4–13°.",
            "again.o": "Chove agora; tempo seco a partir das 15:00, depois chuva provável hoje das 18:00 às 21:00, cerca de 1 mm (probabilidade de \(pc(0.7))).",
            "snowWed.h": "Chove agora, tempo seco a partir das 15:00, neve a partir de quarta-feira às 03:00; 1–9°.",
            "snowWed.o": "Chove agora; tempo seco a partir das 15:00, depois neve provável quarta-feira das 03:00 às 06:00, cerca de 2 mm (probabilidade de \(pc(0.9))).",
            "turn.h": "Chove agora, passando a neve até por volta das 18:00, depois tempo seco; de -1 a 2°.",
            "turn.o": "Chove agora, passando a neve até por volta das 18:00, mais cerca de 2 mm (probabilidade de \(pc(0.9))).",
            "later.h": "Chuva das 15:00 às 21:00, depois tempo seco; 4–13°.",
            "later.o": "Chuva provável hoje das 15:00 às 21:00, cerca de 2 mm (probabilidade de \(pc(0.9))).",
            "snowNow.h": "Neva agora até por volta das 18:00, depois tempo seco; de -4 a -1°.",
            "snowNow.o": "Neva agora até por volta das 18:00, mais cerca de 2 mm (probabilidade de \(pc(0.8))).",
            "dry.h": "Tempo seco nas próximas 9 horas, 4–13°.",
            "dry.o": "Sem previsão de chuva ou neve nas próximas 9 horas.",
            "dry1.h": "Tempo seco na próxima hora, 8–9°.",
            "dry1.o": "Sem previsão de chuva ou neve na próxima hora.",
            "wed.o": "Chuva possível quarta-feira das 15:00 às 21:00, cerca de 5 mm (probabilidade de \(pc(0.5))).",
            "cross.o": "Chuva prevista de quarta-feira às 21:00 até quinta-feira às 03:00, cerca de 4 mm.",
            "week": "Tempo seco a semana toda, máximas 5–9°.",
            "oneDay": "Chuva na quarta-feira, máximas 5–9°.",
            "twoDays": "Chuva na quarta-feira e na quinta-feira, máximas 5–9°.",
            "threeDays": "Chuva na quarta-feira, na quinta-feira e no sábado, máximas 5–9°.",
            "mixed": "Neve hoje e na quinta-feira, chuva na quarta-feira, máximas 5–9°.",
            "period": "Tempo seco em todo o período, máximas 5–7°.",
            "cold": "Tempo seco a semana toda, máximas de -4 a -2°.",
        ],
        .italian: [
            "dryFrom.h": "Pioggia in corso, tempo asciutto dalle 15:00; 4–13°.",
            "dryFrom.o": "Pioggia in corso; tempo asciutto dalle 15:00.",
            "until.h": "Pioggia in corso fino alle 18:00 circa, poi tempo asciutto; 4–13°.",
            "until.o": "Pioggia in corso fino alle 18:00 circa, ancora circa 2 mm (probabilità \(pc(0.9))).",
            "through.h": "Pioggia in corso e per tutte le prossime 24 ore; 4–11°.",
            "through.o": "Pioggia in corso e per le prossime 24 ore, ancora circa 8 mm (probabilità \(pc(0.8))).",
            "again.h": "Pioggia in corso, tempo asciutto dalle 15:00, di nuovo pioggia dalle 18:00 alle 21:00; 4–13°.",
            "again.o": "Pioggia in corso; tempo asciutto dalle 15:00, poi pioggia probabile oggi dalle 18:00 alle 21:00, circa 1 mm (probabilità \(pc(0.7))).",
            "snowWed.h": "Pioggia in corso, tempo asciutto dalle 15:00, neve da mercoledì alle 03:00; 1–9°.",
            "snowWed.o": "Pioggia in corso; tempo asciutto dalle 15:00, poi neve probabile mercoledì dalle 03:00 alle 06:00, circa 2 mm (probabilità \(pc(0.9))).",
            "turn.h": "Pioggia in corso, tendente a neve fino alle 18:00 circa, poi tempo asciutto; da -1 a 2°.",
            "turn.o": "Pioggia in corso, tendente a neve fino alle 18:00 circa, ancora circa 2 mm (probabilità \(pc(0.9))).",
            "later.h": "Pioggia dalle 15:00 alle 21:00, poi tempo asciutto; 4–13°.",
            "later.o": "Pioggia probabile oggi dalle 15:00 alle 21:00, circa 2 mm (probabilità \(pc(0.9))).",
            "snowNow.h": "Neve in corso fino alle 18:00 circa, poi tempo asciutto; da -4 a -1°.",
            "snowNow.o": "Neve in corso fino alle 18:00 circa, ancora circa 2 mm (probabilità \(pc(0.8))).",
            "dry.h": "Tempo asciutto per le prossime 9 ore, 4–13°.",
            "dry.o": "Nessuna pioggia o neve prevista nelle prossime 9 ore.",
            "dry1.h": "Tempo asciutto per la prossima ora, 8–9°.",
            "dry1.o": "Nessuna pioggia o neve prevista nella prossima ora.",
            "wed.o": "Pioggia possibile mercoledì dalle 15:00 alle 21:00, circa 5 mm (probabilità \(pc(0.5))).",
            "cross.o": "Pioggia prevista dalle 21:00 di mercoledì alle 03:00 di giovedì, circa 4 mm.",
            "week": "Tempo asciutto per tutta la settimana, massime 5–9°.",
            "oneDay": "Pioggia mercoledì, massime 5–9°.",
            "twoDays": "Pioggia mercoledì e giovedì, massime 5–9°.",
            "threeDays": "Pioggia mercoledì, giovedì e sabato, massime 5–9°.",
            "mixed": "Neve oggi e giovedì, pioggia mercoledì, massime 5–9°.",
            "period": "Tempo asciutto per tutto il periodo, massime 5–7°.",
            "cold": "Tempo asciutto per tutta la settimana, massime da -4 a -2°.",
        ],
    ]

    @Test(arguments: Language.allCases)
    func everySummaryReadsAsWritten(_ language: Language) throws {
        let expected = try #require(Self.expected[language])
        let actual = Self.sentences(language)
        #expect(Set(actual.keys) == Set(expected.keys))
        for (situation, sentence) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(actual[situation] == sentence, "\(language.code) \(situation)")
        }
    }

    /// Rain and snow are separate sentences in every language, so each can agree in gender.
    @Test func rainAndSnowAgreeInGender() {
        let snowNow = Self.sentences(.french)["snowNow.h"], rainNow = Self.sentences(.french)["until.h"]
        #expect(snowNow?.hasPrefix("Neige en cours") == true)
        #expect(rainNow?.hasPrefix("Pluie en cours") == true)
        #expect(Self.sentences(.german)["snowWed.o"]?.contains("Schneefall wahrscheinlich am Mittwoch") == true)
        #expect(Self.sentences(.spanish)["snowWed.o"]?.contains("nieve probable el miércoles de 03:00 a 06:00") == true)
        #expect(Self.sentences(.portuguese)["snowWed.o"]?.contains("neve provável quarta-feira das 03:00 às 06:00") == true)
        #expect(Self.sentences(.italian)["snowWed.o"]?.contains("neve probabile mercoledì dalle 03:00 alle 06:00") == true)
    }

    /// French counts 0 and 1 as one; the others only 1. A 1-hour window is "the next hour", never "1 hours".
    @Test func oneHourIsSingularInEveryLanguage() {
        for language in Language.allCases {
            let sentence = Self.sentences(language)["dry1.h"] ?? ""
            #expect(!sentence.contains("1 "), "\(language.code): \(sentence)")
        }
    }

    /// A language that writes long weekday names in phrases says so in its table; English keeps "Wed".
    @Test func weekdaysInPhrasesAreLongWhereTheTableSaysSo() {
        #expect(ForecastSummaries(options: DisplayOptions(units: .metric, language: .english)).dayName(3) == "Wed")
        #expect(ForecastSummaries(options: DisplayOptions(units: .metric, language: .french)).dayName(3) == "mercredi")
        #expect(ForecastSummaries(options: DisplayOptions(units: .metric, language: .portuguese)).dayName(6) == "sábado")
    }
}
