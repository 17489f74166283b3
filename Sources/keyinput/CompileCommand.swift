import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput compile`: print a compiled keymap, or the names it was built from.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile a keymap and print it as XKB text.",
        discussion: "A keymap that does not compile fails with the file, line and libxkbcommon's message (exit 1)."
    )

    @OptionGroup var keymap: KeymapOptions

    @Flag(help: "Print the RMLVO names with libxkbcommon's defaults filled in, instead of the keymap.")
    var rmlvo = false

    func validate() throws {
        if rmlvo && keymap.keymapFile != nil {
            throw ValidationError("--rmlvo reports names; a --keymap file has none")
        }
    }

    func run() throws {
        let compiled = try keymap.compile()
        let output = BufferedOutput()
        if rmlvo, let names = compiled.names {
            for (key, value) in [
                ("rules", names.rules), ("model", names.model), ("layout", names.layout),
                ("variant", names.variant), ("options", names.options),
            ] {
                output.line("\(key):".padding(9) + (value ?? ""))
            }
        } else {
            output.write(compiled.text)
        }
    }
}
