import Foundation
import KeyInputKit
import KeymapTools
import XKB

/// What `keyinput watch` shows: each key event the window's keyboard
/// decodes, as a `keyinput type` line (or JSON object) on standard output,
/// and the last few in the window.
@MainActor
public final class KeyWatcher {
    /// The window shown.
    public let window = Window(size: Size(width: 760, height: 44 + 24 * Double(KeyWatcher.shownLines)))
    /// How many events the window lists.
    public static let shownLines = 10

    private let json: Bool
    private let write: (Data) -> Void
    private let rows: [Label]
    private var formatter: KeyEventFormatter?
    private weak var formatterKeymap: Keymap?

    /// Creates the window; events are written as JSON objects, one a line, with `json`.
    ///
    /// - Parameters:
    ///   - json: Whether each event is a JSON object rather than a `keyinput type` line.
    ///   - write: Where the lines go: standard output by default.
    public init(json: Bool, write: @escaping (Data) -> Void = { FileHandle.standardOutput.write($0) }) {
        self.json = json
        self.write = write
        let heading = Label(
            text: "Press keys here. Close the window or press Ctrl+C in the terminal to stop.",
            frame: Rect(x: 10, y: 8, width: 740, height: 28))
        window.addSubview(heading)
        rows = (0..<Self.shownLines).map { index in
            Label(frame: Rect(x: 10, y: 40 + 24 * Double(index), width: 740, height: 24))
        }
        for row in rows { window.addSubview(row) }
    }

    /// Reports every key event `keyboard` decodes from now on.
    public func watch(_ keyboard: HardwareKeyboard) {
        keyboard.keyEventObserver = { [unowned self, unowned keyboard] decoded in
            self.report(decoded, keymap: keyboard.keymap)
        }
    }

    /// The events the window lists, a line each, oldest first; empty until that many came.
    public var shownEvents: [String] { rows.map(\.text) }

    private func report(_ decoded: DecodedKeyEvent, keymap: Keymap) {
        // A new keymap from the server (setxkbmap) names keys and layouts anew.
        if formatter == nil || formatterKeymap !== keymap {
            formatter = KeyEventFormatter(keymap: keymap)
            formatterKeymap = keymap
        }
        var line: [UInt8] = []
        formatter?.appendLine(decoded, to: &line)
        if json {
            var writer = JSONWriter()
            formatter?.writeJSON(decoded, to: &writer)
            write(Data((writer.take() + "\n").utf8))
        } else {
            write(Data(line))
        }
        for index in rows.indices.dropLast() { rows[index].text = rows[index + 1].text }
        rows.last?.text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
