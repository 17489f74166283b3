import Foundation
import KeyInputCairo
import KeyInputKit
import KeyInputKitTesting
import KeyInputSpelling
import Logging
import Synchronization
import TestSupport

/// Log lines a test's checker wrote, kept in memory.
final class RecordedLog: Sendable {
    let lines = Mutex<[(level: Logger.Level, message: String)]>([])

    /// A logger that records here.
    func logger() -> Logger {
        Logger(label: "test") { _ in RecordingHandler(log: self) }
    }

    /// The notices recorded so far.
    var notices: [String] { lines.withLock { $0.filter { $0.level == .notice }.map(\.message) } }
}

private struct RecordingHandler: LogHandler {
    let log: RecordedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.lines.withLock { $0.append((event.level, "\(event.message)")) }
    }
}

/// A window with a Pango layout engine, a keyboard of a real layout, and an
/// application checking spelling with enchant and the system's dictionaries
/// (its personal dictionary in a folder of its own).
@MainActor
struct SpellingFixture {
    let window = Window(size: Size(width: 400, height: 200))
    let tester: WindowTester
    let checker: EnchantSpellChecker
    let log = RecordedLog()

    init(layout: String = "us") throws {
        window.textLayoutEngine = try PangoTextLayoutEngine()
        tester = try WindowTester(window: window, layout: layout)
        checker = EnchantSpellChecker(personalDictionaryFolder: try temporaryFolder(), logger: log.logger())
        tester.application.spellChecker = checker
    }

    /// A field, first responder, checking the given languages (`nil`: the keyboard's).
    func field(languages: [String]? = ["en_US"], traits: (inout TextInputTraits) -> Void = { _ in }) -> TextField {
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32))
        field.spellCheckingLanguages = languages
        traits(&field.textInputTraits)
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        _ = try? present()  // shown before anyone types into it
        return field
    }

    /// Draws the window, does the work left for after the frame (the check), and draws it again.
    @discardableResult
    func present() throws -> CairoCanvas {
        let canvas = try CairoCanvas(size: window.frame.size)
        canvas.textEngine = window.textLayoutEngine as? PangoTextLayoutEngine
        window.renderSnapshot(to: canvas)
        window.performWorkAfterPresenting()
        let again = try CairoCanvas(size: window.frame.size)
        again.textEngine = canvas.textEngine
        window.renderSnapshot(to: again)
        return again
    }

    /// The words of a control's text underlined now.
    func underlined(_ control: TextEditingControl) -> [String] {
        let text = control.text
        return control.misspelledRanges.map { range in
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return String(text[start..<utf8.index(start, offsetBy: range.count)])
        }
    }
}
