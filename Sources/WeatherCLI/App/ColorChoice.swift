/// When to colour the output: `--color auto|always|never`.
package enum ColorChoice: String, CaseIterable {
    case auto, always, never
}
