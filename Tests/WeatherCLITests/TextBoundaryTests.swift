import Testing
@testable import WeatherCLI
@testable import WeatherCore

/// The one text boundary: what reaches the terminal is sanitised and folded in `Style.span`, and measured in
/// display columns whatever the script.
struct TextBoundaryTests {
    @Test(arguments: [
        ("London, GB", 10), ("12°C", 4), ("from SW ↗", 9), ("▁▂█━·", 5), ("Zürich", 6), ("São Paulo", 9),
        ("東京", 4), ("🌧 rain", 7), ("⚡", 2), ("☔☈", 3), ("◽", 2), ("e\u{301}", 1), ("soft\u{AD}hyphen", 10), ("\u{A0}", 1), ("", 0),
    ])
    func widthsInColumns(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns)
    }

    /// Every condition glyph is one column, so the condition column lines up whatever the weather.
    @Test func conditionGlyphsAreOneColumnWide() {
        for unicode in [true, false] {
            let style = Style(color: false, unicode: unicode)
            for group in ConditionGroup.allCases {
                for night in [false, true] {
                    let glyph = style.glyph(group, night: night)
                    #expect(TextWidth.of(glyph) == 1, "\(group) \(glyph)")
                    let scalar = glyph.unicodeScalars.first!.value
                    #expect(!(0x2600...0x27BF).contains(scalar) || !TextWidth.wideSymbols.contains { $0.contains(scalar) })
                }
            }
        }
    }

    @Test func textFromAnywhereLosesWhatCouldActOnTheTerminal() {
        let style = Style(color: false, unicode: true)
        // CSI and OSC sequences dropped whole (by ESC or by C1); C0, DEL, C1 and bidirectional overrides dropped.
        let hostile = "Lon\u{1B}[31mdon\u{1B}]0;title\u{7} \u{7F}rain\u{9B}2J \u{202E}sky\u{2066} é"
        #expect(style.span(hostile).text == "London rain sky é")
        #expect(style.span("Zürich ↗ 12°C").text == "Zürich ↗ 12°C")
    }

    @Test func asciiTerminalsGetFoldedText() {
        let style = Style(color: false, unicode: false)
        #expect(style.span("Zürich, São Paulo – 12°C").text == "Zuerich, Sao Paulo - 12C")
        // German umlauts as German readers write them without the dots, decomposed or not.
        #expect(style.span("Übersee, Köln, Düsseldorf, Grüße, Ärger, Öhringen, Mu\u{308}nchen").text
            == "Uebersee, Koeln, Duesseldorf, Gruesse, Aerger, Oehringen, Muenchen")
        // Only in output: matching still folds accents alone.
        #expect("Zürich".foldingAccents() == "Zurich")
        #expect(style.span("Straße\u{1B}[0m").text == "Strasse")
        // Stroked letters and ligatures, from the accent folding's table.
        #expect(style.span("Ærøskøbing, Łódź, Þórshöfn, Œuilly, Đakovo, Diyarbakır, Ħamrun, İzmir").text
            == "AEroskobing, Lodz, Thorshoefn, OEuilly, Dakovo, Diyarbakir, Hamrun, Izmir")
    }
}
