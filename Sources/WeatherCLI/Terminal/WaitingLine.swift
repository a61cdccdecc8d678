/// The prompt's line as the terminal shows it while the line editor waits for input: what output drawn above it
/// steps over, and how it is drawn again after.
@MainActor
package protocol WaitingLine: AnyObject {
    /// Rows from the prompt's first to the cursor's, on a terminal `columns` wide (the prompt and the text typed so
    /// far may wrap).
    func rowsAboveCursor(columns: Int) -> Int
    /// Draws the prompt and the text typed so far again, from the start of the cursor's row, the cursor where it was
    /// in the text.
    func redraw()
}
