/// A map as drawn for the terminal: its frame (which turns a cell back into a point), its lines, and which pins'
/// numbers and labels it could show.
package struct MapPicture: Equatable, Sendable {
    package let frame: MapFrame
    package let lines: [Line]
    /// The numbers of the pins shown, in the pins' order; a pin left out had no room (or lay outside the frame).
    package let numbersShown: [Int]
    /// The numbers of the pins whose label is shown.
    package let labelsShown: [Int]
}
