/// When to colour the output: `--color auto|always|never`.
enum ColorChoice: String, CaseIterable {
    case auto, always, never
}
