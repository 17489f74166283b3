import FuzzSupport
import XKB

/// Keymap text through the wrapper: compile it, and when it compiles, press
/// and release every key, print the keymap and compile the printed text again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeymap(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let context = try? Context(options: .noEnvironmentNames) else { fatalError("no XKB context") }
    guard let keymap = valueOrRefusal(XKBError.self, { try Keymap(context: context, text: input.text, sourceName: "fuzz.xkb") })
    else { return 0 }
    let decoder = KeyEventDecoder(keymap: keymap)
    for key in keymap.keys.prefix(512) {
        _ = keymap.name(of: key)
        _ = decoder.decode(KeyEvent(key, .down))
        _ = decoder.decode(KeyEvent(key, .repeat))
        _ = decoder.decode(KeyEvent(key, .up))
    }
    // Keys the keymap does not have, and keycodes at the edges.
    let keys = Set(keymap.keys)
    for raw in [0, 1, 7, 8, keymap.maxKeycode.rawValue &+ 1, UInt32.max] {
        let keycode = Keycode(rawValue: raw)
        let down = decoder.decode(KeyEvent(keycode, .down))
        _ = decoder.decode(KeyEvent(keycode, .up))
        if !keys.contains(keycode) {
            invariant(down.keysyms.isEmpty && down.action == .none, "keycode \(raw) is not in the keymap but typed")
        }
    }
    let printed = keymap.text
    do {
        let again = try Keymap(context: context, text: printed, sourceName: "printed.xkb")
        invariant(again.keys == keymap.keys, "the printed keymap has other keys")
    } catch {
        fatalError("the printed keymap does not compile again: \(error)")
    }
    return 0
}
