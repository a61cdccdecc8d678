/// A place on the map: its number (as the places list numbers it), where it is, and the words of its label, already
/// formatted by the view ("Paris", "12°").
package struct MapPin: Equatable, Sendable {
    package var number: Int
    package var latitude: Double
    package var longitude: Double
    package var name: String
    /// The temperature as shown ("12°"), nil when there is none.
    package var temperature: String?
    /// The temperature in °C, which colours it.
    package var celsius: Double?
    /// False for a region's city on a one-place map: a dot marks it, not a number (it is not in the list).
    package var isNumbered = true

    package init(number: Int, latitude: Double, longitude: Double, name: String, temperature: String? = nil, celsius: Double? = nil,
        isNumbered: Bool = true
    ) {
        self.number = number
        self.latitude = latitude
        self.longitude = longitude
        self.name = name
        self.temperature = temperature
        self.celsius = celsius
        self.isNumbered = isNumbered
    }
}
