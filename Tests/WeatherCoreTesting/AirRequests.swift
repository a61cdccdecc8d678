import Foundation

extension LoopbackServer.Request {
    /// True for Open-Meteo's air quality request (issue 28), asked beside the weather by the current view: it has no
    /// key, and whether a one-shot's goes out before the program ends depends on how fast the weather came.
    public var asksForAirQuality: Bool { path == "/v1/air-quality" }
}

extension LoopbackServer {
    /// The requests made so far, the air quality's aside: what the weather asked.
    public var weatherRequests: [Request] { requests.filter { !$0.asksForAirQuality } }
}
