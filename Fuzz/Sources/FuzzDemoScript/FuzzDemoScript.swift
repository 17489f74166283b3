import FuzzSupport

/// The demo's `--events` parser: every input is read or refused with a line
/// number inside the text and a message; events keep their order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDemoScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let lines = lineCount(of: text)
    do {
        let events = try DemoScript.parse(text)
        var previous = 0
        for (line, event) in events {
            precondition(line > previous && line <= lines, "line \(line) out of order")
            previous = line
            switch event {
            case .wait(let seconds): precondition(seconds.isFinite && seconds >= 0 && seconds <= 3600)
            case .clickAt(let x, let y): precondition(x.isFinite && y.isFinite)
            case .tapAt(let x, let y), .touch(.down(let x, let y)), .touch(.move(let x, let y)):
                precondition(x.isFinite && y.isFinite)
            case .touch(.up): break
            case .tapControl(let id): precondition(!id.isEmpty)
            case .key(let token): precondition(!token.isEmpty)
            case .clickControl(let id): precondition(!id.isEmpty)
            case .screenshot(let name): precondition(!name.isEmpty)
            case .type: break
            }
        }
    } catch let error as DemoScriptError {
        precondition(error.line >= 1 && error.line <= lines && !error.message.isEmpty, "\(error)")
    } catch {
        fatalError("unexpected error type \(error)")
    }
    return 0
}
