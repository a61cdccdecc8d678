import FoundationEssentials
import WeatherCore

/// One Locationforecast 2.0 complete request (compact's figures, and the clear-sky UV index and chances): the coordinates, sent at 4 decimals as MET's terms ask (finer ones
/// would only defeat its caches and ours).
package struct LocationforecastRequest: Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    static let path = "/weatherapi/locationforecast/2.0/complete"

    /// A stable name for the cache: the endpoint and the rounded coordinates.
    var cacheKey: String {
        "metno|\(APIRequest.coordinate(latitude))|\(APIRequest.coordinate(longitude))"
    }

    /// `{base}/weatherapi/locationforecast/2.0/complete?lat=…&lon=…`; no key, MET has none.
    func url(baseURL: String) throws(WeatherError) -> URL {
        try Self.url(baseURL: baseURL, path: Self.path, latitude: latitude, longitude: longitude)
    }

    /// `{base}{path}?lat=…&lon=…`: MET Norway's products are asked alike (Locationforecast, Nowcast).
    static func url(baseURL: String, path: String, latitude: Double, longitude: Double) throws(WeatherError) -> URL {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let query = "lat=\(APIRequest.coordinate(latitude))&lon=\(APIRequest.coordinate(longitude))"
        guard let url = URL(string: base + path + "?" + query), url.scheme == "http" || url.scheme == "https",
            url.host != nil
        else { throw .badConfiguration(METNorwayConfiguration.badBaseURLMessage) }
        return url
    }
}
