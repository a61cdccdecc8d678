import Foundation

/// The shared part of the forecast view models: loads one place's report and keeps it.
@MainActor
final class ReportLoader {
    private(set) var report: WeatherReport?
    private let service: any WeatherProviding
    private let now: @Sendable () -> Date

    init(service: any WeatherProviding, now: @escaping @Sendable () -> Date) {
        self.service = service
        self.now = now
    }

    /// Loads the report through the view model's `runner`, so newest-wins and its callbacks apply.
    func load(_ place: Place, with runner: RequestRunner, then publish: @escaping @MainActor () -> Void) async -> RequestOutcome {
        let service = service
        return await runner.run({ try await service.report(for: place) }, apply: { report in
            self.report = report
            publish()
        })
    }

    func formatter(_ options: DisplayOptions) -> DisplayFormatter {
        DisplayFormatter(options: options, now: now())
    }
}
