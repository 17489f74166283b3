import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput how-to-type`: every way to type each character of a text.
struct HowToTypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "how-to-type",
        abstract: "Show every way to type each character: keys with modifiers, dead keys and compose sequences.",
        discussion: """
            Each way is written in `keyinput type` token syntax, so it can be pasted back to check it. \
            With --keysym, the argument is a keysym's name (dead_acute, EuroSign, Multi_key) and the answer \
            is every key, layout and level that holds it, with the modifiers that choose the level, as \
            `xkbcli how-to-type --keysym` gives it.
            """
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Find a keysym by name (such as dead_acute or EuroSign) instead of text.")
    var keysym = false

    @Argument(help: "The text to type, or with --keysym a keysym's name.")
    var text: String

    func validate() throws {
        if text.isEmpty { throw ValidationError("give some text, for example: keyinput how-to-type é") }
    }

    func run() throws {
        let wanted = keysym ? try Self.keysym(named: text) : nil
        let cache = KeymapCache()
        let guide = TypingGuide(keymap: try keymap.compile(cache: cache), composeTable: try compose.table(cache: cache))
        if let wanted {
            let report = KeysymTypingReport(keysym: wanted, guide: guide)
            BufferedOutput().write(json ? report.json() + "\n" : report.text())
            return
        }
        let report = HowToTypeReport(text: text, guide: guide)
        BufferedOutput().write(json ? report.json() + "\n" : report.text())
    }

    /// The keysym with this name, or a usage error with the nearest names.
    private static func keysym(named name: String) throws -> Keysym {
        if let keysym = Keysym(name: name) { return keysym }
        throw CLIError.usage(
            "unknown keysym \"\(name)\"" + KeymapDiagnosis.suggestion(KeysymNames.suggestions(for: name)))
    }
}
