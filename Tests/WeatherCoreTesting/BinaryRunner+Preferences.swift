import Foundation
import WeatherCore

extension BinaryRunner {
    /// Writes the sandbox's preferences file, as a past session would have left it.
    package func write(_ preferences: Preferences) throws {
        try FileManager.default.createDirectory(at: preferencesFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try preferences.data.write(to: preferencesFile)
    }
}
