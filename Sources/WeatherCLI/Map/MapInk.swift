/// What a map's cell shows, for its colour: a coast, a border, land between them, a pin's number, a region city's dot, or
/// the cross
/// moved over the map at the prompt.
package enum MapInk: Equatable, Sendable {
    case coast, border, land, pin, city, cross

    /// The colour's SGR parameters: coasts in a sea blue, borders grey, land's stipple a faint green, numbers bold, a
    /// region city's dot faint, the cross bold in reverse video.
    var code: String {
        switch self {
        case .coast: "38;5;74"
        case .border: "38;5;245"
        case .land: "2;38;5;65"
        case .pin: "1"
        case .city: "2"
        case .cross: "1;7"
        }
    }
}
