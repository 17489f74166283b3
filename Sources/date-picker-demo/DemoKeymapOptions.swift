import ArgumentParser
import DatePickerDemo
import Foundation
import KeymapTools
import XKB

/// The keymap options of `keyinput`: names or a file. In a window they
/// replace the X server's keymap; headless they choose the keymap (US by default).
struct DemoKeymapOptions: ParsableArguments {
    @Option(help: "The XKB rules (default: evdev).")
    var rules: String?
    @Option(help: "The keyboard model (default: pc105).")
    var model: String?
    @Option(help: "Comma-separated layouts, such as de or us,ru. In a window: decode with it instead of the X server's keymap.")
    var layout: String?
    @Option(help: "Comma-separated variants, one per layout, such as nodeadkeys.")
    var variant: String?
    @Option(help: "Comma-separated options, such as grp:alt_shift_toggle.")
    var options: String?
    @Option(name: .customLong("keymap"), help: ArgumentHelp("Decode with this keymap file (XKB text v1).", valueName: "file"))
    var keymapFile: String?
    @Option(name: .customLong("include"), help: ArgumentHelp("A folder searched for keymap files first (repeatable).", valueName: "dir"))
    var includes: [String] = []
    @Option(name: .customLong("compose"), help: ArgumentHelp("The compose table of this locale (default: the environment's, else en_US.UTF-8).", valueName: "locale"))
    var composeLocale: String?
    @Flag(name: .customLong("no-compose"), help: "Turn compose (dead keys) off.")
    var noCompose = false

    func validate() throws {
        if keymapFile != nil, [rules, model, layout, variant, options].contains(where: { $0 != nil }) {
            throw ValidationError("--keymap cannot be combined with --rules, --model, --layout, --variant or --options")
        }
        if noCompose, composeLocale != nil {
            throw ValidationError("--no-compose cannot be combined with --compose")
        }
    }

    private var isGiven: Bool {
        keymapFile != nil || [rules, model, layout, variant, options].contains(where: { $0 != nil })
    }

    /// The keymap asked for; with nothing asked and `required` false, `nil`
    /// (the X server's keymap is used).
    ///
    /// - Throws: ``DemoError``: `usage` for an unknown layout or variant or a
    ///   missing file (with suggestions), `failure` for a keymap that does not compile.
    func compile(required: Bool) throws -> Keymap? {
        guard isGiven || required else { return nil }
        let names = RuleNames(rules: rules, model: model, layout: layout, variant: variant, options: options)
        let source = KeymapSource(keymapFile.map { .file($0) } ?? .names(names), includePaths: includes)
        do {
            return try KeymapCache().keymap(source)
        } catch let error as XKBError {
            if error.code == .fileUnreadable { throw DemoError(error.message) }
            if keymapFile == nil, let unknown = KeymapDiagnosis.unknownName(in: names, includePaths: includes) {
                throw DemoError(unknown)
            }
            throw DemoError(error.description, code: .failure)
        }
    }

    /// The compose table: none with `--no-compose`; the one of `--compose`;
    /// else the environment locale's, or en_US.UTF-8's when it has none.
    func composeTable(environment: [String: String]) throws -> ComposeTable? {
        if noCompose { return nil }
        let cache = KeymapCache()
        if let composeLocale {
            do { return try cache.composeTable(locale: composeLocale) } catch {
                throw DemoError("no compose table for locale \"\(composeLocale)\"; try en_US.UTF-8, or --no-compose")
            }
        }
        return (try? cache.composeTable(locale: ComposeTable.environmentLocale(environment)))
            ?? (try? cache.composeTable(locale: "en_US.UTF-8"))
    }
}
