/// What every view model shares: a `RequestRunner` (newest request wins) and the error and loading callbacks it drives.
@MainActor
public class RequestingViewModel {
    /// Called when a request fails.
    public var onError: ((WeatherError) -> Void)? {
        get { runner.onError }
        set { runner.onError = newValue }
    }
    /// Called with true when a request starts and false when the newest one ends.
    public var onLoadingChanged: ((Bool) -> Void)? {
        get { runner.onLoadingChanged }
        set { runner.onLoadingChanged = newValue }
    }

    let runner = RequestRunner()

    init() {}

    /// Cancels the request in flight, if any.
    public func cancel() { runner.cancel() }
}
