import FuzzSupport
import KeymapTools
import XKB

/// The keyboard every input is read against: a German keymap (dead keys,
/// AltGr) with the en_US.UTF-8 compose table, compiled once.
@MainActor private let keyboard: (parser: KeyTokenParser, keymap: Keymap, compose: ComposeTable?) = {
    do {
        let context = try Context(options: .noEnvironmentNames)
        let keymap = try Keymap(context: context, names: RuleNames(layout: "de,us"))
        return (KeyTokenParser(keymap: keymap), keymap, try? ComposeTable(context: context, locale: "en_US.UTF-8"))
    } catch {
        fatalError("cannot compile the fuzzing keymap: \(error)")
    }
}()

/// The `keyinput` token parser: read whitespace-separated tokens and, when
/// they read, type them into a decoder the way `keyinput type` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    MainActor.assumeIsolated {
        guard let tokens = valueOrRefusal(KeyTokenError.self, { try keyboard.parser.parse(tokensIn: Substring(input.text)) })
        else { return }
        let decoder = KeyEventDecoder(keymap: keyboard.keymap, composeTable: keyboard.compose)
        var text = ""
        for token in tokens {
            invariant(!token.events.isEmpty, "token \(token.text) has no events")
            for event in token.events {
                invariant(event.keycode.evdev != nil, "token \(token.text) has a keycode below 8")
                let decoded = decoder.decode(event)
                switch decoded.action {
                case .insertText(let inserted): text += inserted
                case .deleteBackward: if !text.isEmpty { text.unicodeScalars.removeLast() }
                default: break
                }
            }
        }
        invariant(!KeyEventDecoder.holdsControlCharacter(text.replacingNewlines()), "typed a control character")
    }
    return 0
}

extension String {
    fileprivate func replacingNewlines() -> String { String(unicodeScalars.filter { $0 != "\n" }.map(Character.init)) }
}
