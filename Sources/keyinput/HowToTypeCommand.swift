import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput how-to-type`: every way to type each character of a text.
struct HowToTypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "how-to-type",
        abstract: "Show every way to type each character: keys with modifiers, dead keys and compose sequences.",
        discussion: "Each way is written in `keyinput type` token syntax, so it can be pasted back to check it."
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Flag(help: "Print JSON.")
    var json = false

    @Argument(help: "The text to type.")
    var text: String

    func validate() throws {
        if text.isEmpty { throw ValidationError("give some text, for example: keyinput how-to-type é") }
    }

    func run() throws {
        let cache = KeymapCache()
        let guide = TypingGuide(keymap: try keymap.compile(cache: cache), composeTable: try compose.table(cache: cache))
        let report = HowToTypeReport(text: text, guide: guide)
        BufferedOutput().write(json ? report.json() + "\n" : report.text())
    }
}
