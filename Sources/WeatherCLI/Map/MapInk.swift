/// What a map's cell shows, for its colour: a coast, a border, land between them, or a pin's number.
package enum MapInk: Equatable, Sendable {
    case coast, border, land, pin

    /// The colour's SGR parameters: coasts in a sea blue, borders grey, land's stipple a faint green, numbers bold.
    var code: String {
        switch self {
        case .coast: "38;5;74"
        case .border: "38;5;245"
        case .land: "2;38;5;65"
        case .pin: "1"
        }
    }
}
