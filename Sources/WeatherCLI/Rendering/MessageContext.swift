/// Where a message is read, so its hints name what works there.
package enum MessageContext: Sendable {
    /// Standard error of a command line run: hints name options (`--offline`).
    case commandLine
    /// The prompt or piped commands: hints name prompt commands (`:offline on`).
    case prompt
}
