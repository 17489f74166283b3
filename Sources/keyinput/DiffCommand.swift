import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput diff`: what changed in meaning between two keymaps, or between the
/// registry today and a snapshot of it.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in meaning between two keymaps: keysyms and text, levels, actions, modifier map, dead keys.",
        discussion: """
            Each of A and B is a keymap file (a path: it holds a '/', ends in .xkb or exists) or layout names as \
            xkb writes them: de, de(nodeadkeys), us,ru(phonetic). --model and --options apply to both sides \
            given by names; --model-a, --options-a and --model-b, --options-b to one side (so \
            `keyinput diff us us --options-b ctrl:nocaps` shows what the option changes). Keymaps are compared \
            by meaning, key by key (by key name): the keysyms and text of each level, which modifiers choose \
            each level, what pressing the key does to modifiers and layouts, repeat, the modifier map, the \
            layouts, and, with compose on, what each dead key makes with each key typed after it. \
            Exit 0 when they mean the same (only formatting or order differs), 1 when they differ, 2 for a \
            usage error or a keymap that does not compile.

            --all compares every layout and variant of the registry with a snapshot folder written before \
            (`keyinput diff --all --snapshot DIR` writes one NAME.xkb per layout and variant; \
            `keyinput diff --all DIR` compares today's keymaps with it, for drift after a system upgrade). \
            --only limits either to some layouts.
            """
    )

    @Argument(help: ArgumentHelp("The keymaps to compare (A B), or with --all the snapshot folder.", valueName: "keymap"))
    var keymaps: [String] = []

    @Option(help: "The XKB rules for both sides (default: evdev).")
    var rules: String?
    @Option(help: "The keyboard model for both sides given by names.")
    var model: String?
    @Option(name: .customLong("model-a"), help: ArgumentHelp("The keyboard model for A.", valueName: "model"))
    var modelA: String?
    @Option(name: .customLong("model-b"), help: ArgumentHelp("The keyboard model for B.", valueName: "model"))
    var modelB: String?
    @Option(help: "Comma-separated XKB options for both sides given by names, such as compose:ralt.")
    var options: String?
    @Option(name: .customLong("options-a"), help: ArgumentHelp("XKB options for A only.", valueName: "options"))
    var optionsA: String?
    @Option(name: .customLong("options-b"), help: ArgumentHelp("XKB options for B only.", valueName: "options"))
    var optionsB: String?
    @Option(name: .customLong("include"), help: ArgumentHelp("A folder searched for keymap files before the system's (repeatable).", valueName: "dir"))
    var includes: [String] = []

    @OptionGroup var compose: ComposeOptions

    @Flag(help: "Compare every layout and variant of the registry with a snapshot folder (or write one with --snapshot).")
    var all = false
    @Option(help: ArgumentHelp("With --all, write the snapshot to this folder instead of comparing.", valueName: "dir"))
    var snapshot: String?
    @Option(help: ArgumentHelp("With --all, only these comma-separated layouts and their variants.", valueName: "layouts"))
    var only: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if all {
            if snapshot != nil, !keymaps.isEmpty {
                throw ValidationError("--all --snapshot DIR writes a snapshot; give no keymaps")
            }
            if snapshot == nil, keymaps.count != 1 {
                throw ValidationError("--all compares with a snapshot: give its folder, such as keyinput diff --all snapshot/")
            }
            if [model, modelA, modelB, options, optionsA, optionsB].contains(where: { $0 != nil }) {
                throw ValidationError("--all compares each layout with pc105 and no options; --model and --options do not apply")
            }
        } else {
            if snapshot != nil || only != nil { throw ValidationError("--snapshot and --only go with --all") }
            if keymaps.count != 2 {
                throw ValidationError("give two keymaps to compare, such as: keyinput diff de 'de(nodeadkeys)'")
            }
            if options != nil, optionsA != nil || optionsB != nil {
                throw ValidationError("--options applies to both sides; give --options-a and --options-b instead")
            }
            if model != nil, modelA != nil || modelB != nil {
                throw ValidationError("--model applies to both sides; give --model-a and --model-b instead")
            }
        }
    }

    func run() throws {
        if all { return try runRegistry() }
        let cache = KeymapCache()
        let sides = [
            DiffSide(argument: keymaps[0], label: "A", rules: rules, model: modelA ?? model, options: optionsA ?? options, includes: includes),
            DiffSide(argument: keymaps[1], label: "B", rules: rules, model: modelB ?? model, options: optionsB ?? options, includes: includes),
        ]
        let compiled = try sides.map { try $0.compile(cache: cache) }
        let table = try compose.table(cache: cache)
        let diff = KeymapDiff(
            from: KeymapMeaning(keymap: compiled[0], composeTable: table),
            to: KeymapMeaning(keymap: compiled[1], composeTable: table))
        let output = BufferedOutput()
        if json { output.line(diff.json(a: keymaps[0], b: keymaps[1])) } else { output.write(diff.text()) }
        output.flush()
        if !diff.isEmpty { throw ExitCode(1) }
    }
}
