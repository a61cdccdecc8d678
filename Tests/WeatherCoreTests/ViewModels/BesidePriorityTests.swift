import HTTPKit
import Synchronization
import Testing
import WeatherCoreTesting
@testable import WeatherCore

/// What is asked beside the weather (the air, the minutes) goes out as background requests (`RequestPriority`), which
/// the transport never lets take a connection kept or opened for the weather; the weather's own stay foreground.
struct BesidePriorityTests {
    @Test func whatIsAskedBesideTheWeatherIsABackgroundRequest() async throws {
        let seen = Mutex<RequestPriority?>(nil)
        let (weather, extra) = try await Beside.weather(
            asking: { () async throws -> Int? in
                seen.withLock { $0 = RequestPriority.current }
                return 1
            }, cached: { nil }, { RequestPriority.current })
        #expect(weather == .foreground)
        #expect(await until { seen.withLock { $0 } != nil })
        #expect(seen.withLock { $0 } == .background)
        _ = extra
    }
}
