import Foundation

/// A JSON value OpenWeather sends sometimes as a number and sometimes as a string (`cod`, `message`).
struct FlexibleValue: Decodable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            text = String(int)
        } else if let double = try? container.decode(Double.self) {
            text = String(double)
        } else {
            text = try container.decode(String.self)
        }
    }
}

/// The body of an OpenWeather error: `{"cod": 401 | "404", "message": "…"}`.
struct APIErrorBody: Decodable, Sendable {
    let cod: FlexibleValue?
    let message: FlexibleValue?
}
