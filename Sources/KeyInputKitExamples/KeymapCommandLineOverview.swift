import ArgumentParser
import KeymapCommandLine

struct Show: ParsableCommand {
    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    func run() throws {
        let compiled = try keymap.compile()      // --layout de, --keymap FILE, …
        let table = try compose.table()          // --compose LOCALE, --no-compose, …
        print(compiled.layoutNames, table != nil)
    }
}
