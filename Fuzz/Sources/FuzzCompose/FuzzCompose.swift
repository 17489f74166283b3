import FuzzSupport
import XKB

/// Compose tables from a buffer: parse the text and, when it parses, feed a
/// compose state the keysyms named in the text and a few of every kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompose(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let context = try? Context(options: [.noEnvironmentNames]) else { fatalError("no XKB context") }
    let text = input.text
    guard let table = valueOrRefusal(XKBError.self, { try ComposeTable(context: context, text: text, sourceName: "fuzz.compose") })
    else { return 0 }
    let state = ComposeState(table: table)
    // Keysyms the text names (`<dead_acute>`), then the bytes as keysyms.
    var names: [Substring] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">"), names.count < 256 {
        names.append(rest[rest.index(after: open)..<close])
        rest = rest[rest.index(after: close)...]
    }
    for name in names {
        if let keysym = Keysym(name: String(name)) { _ = state.feed(keysym) }
    }
    for byte in input.bytes.prefix(256) {
        _ = state.feed(Keysym(rawValue: UInt32(byte) | 0xfe00))
        _ = state.feed(Keysym(rawValue: UInt32(byte)))
    }
    state.reset()
    return 0
}
