import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput type`: type key tokens into a plain text field and show what happened.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type key tokens on a keymap and show each event and the text typed.",
        discussion: """
            Tokens: KEY_A (press and release); KEY_LEFTSHIFT+KEY_A (press in order, release in \
            reverse); down:KEY_X, up:KEY_X, repeat:KEY_X (one event). Key names are evdev names, \
            case-insensitive, with or without KEY_, or XKB names in angle brackets such as <AC01>.
            """
    )

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Option(help: ArgumentHelp("Read whitespace-separated tokens from this file (- for standard input).", valueName: "file"))
    var input: String?

    @Flag(help: "Print only the final text.")
    var text = false

    @Flag(help: "Print one JSON object: {\"text\": …, \"events\": […]}.")
    var json = false

    @Argument(help: "Key tokens.")
    var tokens: [String] = []

    func validate() throws {
        if text && json { throw ValidationError("--text and --json cannot be combined") }
        if input != nil && !tokens.isEmpty { throw ValidationError("give tokens as arguments or with --input, not both") }
        if input == nil && tokens.isEmpty {
            throw ValidationError("no key tokens given; for example: keyinput type KEY_H KEY_I")
        }
    }

    func run() throws {
        let cache = KeymapCache()
        let compiled = try keymap.compile(cache: cache)
        let table = try compose.table(cache: cache)
        let events: [KeyEvent]
        do {
            let source = try input.map(TokenReader.text(ofFile:)) ?? tokens.joined(separator: " ")
            events = try TokenReader(keymap: compiled).events(in: source)
        } catch let error as TokenReaderError {
            throw CLIError.usage(error.message)
        }
        var session = TypingSession(keymap: compiled, composeTable: table, format: json ? .json : text ? .text : .table)
        let output = BufferedOutput()
        session.type(events) { output.write(bytes: $0) }
    }
}
