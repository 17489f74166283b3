import FuzzSupport
import KeymapTools

/// The `.keytest` parser: every line that is not blank or a comment comes
/// back once, in order, as a statement or an error with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyTest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let lines = KeyTestParser.parse(text, folder: "/fuzz")
    let lineTotal = lineCount(of: text)
    var previous = 0
    for line in lines {
        invariant(line.number > previous && line.number <= lineTotal, "line \(line.number) out of order")
        previous = line.number
        switch line.statement {
        case .success(.type(let tokens, _)), .success(.keysyms(let tokens, _)):
            invariant(!tokens.isEmpty && !tokens.contains(where: \.isEmpty), "empty tokens on line \(line.number)")
        case .success(.keymap(.file(let path))), .success(.include(let path)), .success(.compose(.file(let path))):
            invariant(path.hasPrefix("/"), "relative path \(path) left unresolved")
        case .success:
            break
        case .failure(let error):
            invariant(!error.message.isEmpty, "an error without a message on line \(line.number)")
        }
    }
    return 0
}
