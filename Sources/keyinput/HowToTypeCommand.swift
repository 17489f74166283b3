import ArgumentParser
import Foundation
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
        let compiled = try keymap.compile(cache: cache)
        let table = try compose.table(cache: cache)
        let guide = TypingGuide(keymap: compiled, composeTable: table)
        let layoutNames = compiled.layoutNames
        let output = BufferedOutput()
        var untypeable = 0
        var writer = JSONWriter()
        if json { writer.raw("{\"characters\":[") }
        var seen = Set<Character>()
        var firstCharacter = true
        for character in text where seen.insert(character).inserted {
            let methods = guide.methods(for: character)
            if methods.isEmpty { untypeable += 1 }
            if json {
                if !firstCharacter { writer.raw(",") }
                firstCharacter = false
                writer.raw("{")
                writer.key("character")
                writer.string(String(character))
                writer.raw(",")
                writer.key("codePoints")
                writer.string(codePoints(character))
                writer.raw(",")
                writer.key("typeable")
                writer.raw(methods.isEmpty ? "false" : "true")
                writer.raw(",")
                writer.key("methods")
                writer.raw("[")
                for (index, method) in methods.enumerated() {
                    if index > 0 { writer.raw(",") }
                    writer.raw("{")
                    writer.key("kind")
                    if case .chord = method { writer.string("key") } else { writer.string("sequence") }
                    writer.raw(",")
                    writer.key("tokens")
                    writer.strings(method.tokenList)
                    writer.raw(",")
                    writer.key("keysyms")
                    writer.strings(method.chords.map(\.keysym.name))
                    writer.raw(",")
                    writer.key("layouts")
                    writer.raw("[" + method.chords.map { String($0.layout) }.joined(separator: ",") + "]")
                    writer.raw(",")
                    writer.key("levels")
                    writer.raw("[" + method.chords.map { String($0.level) }.joined(separator: ",") + "]")
                    writer.raw("}")
                }
                writer.raw("]}")
            } else {
                let shown = character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.value < 0x20 })
                    ? character.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() : String(character)
                output.line("\"\(shown)\" \(codePoints(character))")
                if methods.isEmpty {
                    output.line("  cannot be typed on this keymap")
                }
                for method in methods {
                    let kind: String
                    if case .chord = method { kind = "key" } else { kind = "sequence" }
                    let layouts = Set(method.chords.map(\.layout)).sorted()
                    let where_ = layouts == [0] && layoutNames.count <= 1
                        ? ""
                        : "  in " + layouts.map { "layout \($0 + 1)" + ($0 < layoutNames.count ? " (\(layoutNames[$0]))" : "") }
                            .joined(separator: ", ")
                    output.line(
                        "  " + kind.padding(9) + method.tokens.padding(40)
                            + method.chords.map(\.keysym.name).joined(separator: " ") + where_)
                }
            }
        }
        if json {
            writer.raw("],\"untypeable\":\(untypeable)}")
            output.line(writer.take())
        }
    }
}
