/// Whether someone waits for a request: a view's (`foreground`, the default), or one asked beside it whose answer is
/// taken only if it is in when the view is (`background`).
///
/// The connection pool keeps the two apart: a background request never takes a connection kept from, or opened for, a
/// foreground one, and opens its own instead; a foreground request takes any. So a request beside a view never holds
/// the connection the next view's request needs (HTTP/1.1 carries one request at a time on a connection), and costs
/// at most a connection of its own, which it keeps for the next background request there.
package enum RequestPriority: Sendable {
    case foreground
    case background

    /// The priority of the requests made in this task: set around what is asked beside a view.
    @TaskLocal package static var current = RequestPriority.foreground
}
