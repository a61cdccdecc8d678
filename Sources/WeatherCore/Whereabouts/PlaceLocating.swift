import FoundationEssentials

/// Where this machine is, as an IP geolocation service answers: asked only when the person asks (`:locate`,
/// `--locate`). The core knows the service through this; WeatherProviders' IPLocation folder has the one used.
package protocol PlaceLocating: Sendable {
    /// The service as sentences name it ("ipinfo.io").
    var serviceName: String { get }
    /// The place the service puts this machine's address in; throws `WeatherError`.
    func locate() async throws -> Place
}
