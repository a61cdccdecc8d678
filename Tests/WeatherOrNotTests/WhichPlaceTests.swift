import Foundation
import WeatherCoreTesting
import Testing
import WeatherCore

/// The built binary finds the place meant: two letters after a city, namesakes across sessions, regions that repeat the
/// city's name. Every provider's geocoder is a loopback server searching the same gazetteer (`FakeGazetteer`).
@Suite(.serialized)
struct WhichPlaceTests {
    /// The places the current views were headed with, in order.
    static func headings(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            guard let end = line.range(of: "  "), !line.hasPrefix(" ") else { return nil }
            let name = String(line[..<end.lowerBound])
            return name.contains(", ") && !name.contains(":") ? name : nil
        }
    }

    @Test(arguments: [nil, "e2e-key-Zq81"])
    func twoLettersAfterACityAreReadAsAmericansTypeThem(key: String?) async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: key)
        defer { runner.remove() }
        // "Perth, AU" first: once a Perth in Australia is stored, "Perth, AU" means it, with no new search.
        let result = try await runner.run(input: "Springfield, IL\nParis, TX\nParis, FR\nPerth, AU\nPerth, WA\nLisbon\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.headings(result.stdout) == [
            "Springfield, Illinois, US", "Paris, Texas, US", "Paris, Île-de-France, FR", "Perth, Western Australia, AU",
            "Perth, Western Australia, AU", "Lisbon, PT",
        ])
        #expect(result.stdout.contains("Perth, Tasmania, AU"))  // listed after "Perth, AU"
        #expect(!result.stdout.contains("Lisbon, Lisbon"))
    }

    @Test func theNamesakePickedLastIsTheOneTheNameMeansInTheNextSession() async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let first = try await runner.run(input: "Springfield\n:pick 3\n")
        #expect(Self.headings(first.stdout) == ["Springfield, Missouri, US", "Springfield, Illinois, US"])
        let searches = server.requests(to: "/v1/search").count

        let second = try await runner.run(input: "Springfield\n:compare Springfield; Lisbon\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.headings(second.stdout).first == "Springfield, Illinois, US")
        #expect(second.stdout.contains("Springfield, Illinois, US") && !second.stdout.contains("Missouri"))
        #expect(server.requests(to: "/v1/search").count == searches + 1)  // Lisbon's only

        let recent = try await runner.run(["--recent-cities"])
        #expect(recent.stdout == "Springfield, Illinois, US\nSpringfield, Missouri, US\n")  // what Tab offers, each with its region
    }

    /// `--json` prints the first place's document and names the others on standard error, as a drawn one-shot does.
    @Test func aJSONOneShotNamesTheOtherPlacesOnStandardError() async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let json = try await runner.run(["--json", "Springfield"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(json.stdout)")
        #expect(json.stderr.contains("weather-or-not \"Springfield, IL, US\""), "\(json.stderr)")
        let status = try await runner.run(["--format", "%t", "Springfield"])
        #expect(status.stderr.isEmpty, "\(status.stderr)")
    }

    @Test func eachOneShotHintFindsItsPlace() async throws {
        let server = try FakeGazetteer.start()
        defer { server.stop() }
        let runner = BinaryRunner(server: server, key: nil)
        defer { runner.remove() }
        let first = try await runner.run(["Perth"])
        #expect(Self.headings(first.stdout) == ["Perth, Western Australia, AU"])
        let hints = first.stderr.matches(of: /weather-or-not "([^"]+)"/).map { String($0.1) }
        #expect(hints == ["Perth, GB", "Perth, ON, CA", "Perth, TAS, AU"])
        var shown: [String] = []
        for hint in hints {
            let result = try await runner.run([hint])
            #expect(result.stderr.isEmpty, "\(hint): \(result.stderr)")  // one place: no other is suggested
            shown += Self.headings(result.stdout)
        }
        #expect(shown == ["Perth, Scotland, GB", "Perth, Ontario, CA", "Perth, Tasmania, AU"])
    }
}
