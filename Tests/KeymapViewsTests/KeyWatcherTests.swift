import Foundation
import KeyInputKit
import KeymapViews
import Testing
import XKB

@MainActor
@Suite struct KeyWatcherTests {
    static func keyboard(_ layout: String) throws -> HardwareKeyboard {
        let keymap = try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: layout))
        return HardwareKeyboard(keymap: keymap, compose: .none)
    }

    @Test func eachKeyEventIsPrintedAndListed() throws {
        var printed = Data()
        let watcher = KeyWatcher(json: false) { printed.append($0) }
        let keyboard = try Self.keyboard("de")
        watcher.watch(keyboard)
        keyboard.handleKey(Keycode(evdev: 21), direction: .down, at: 0)  // KEY_Y types z on de
        keyboard.handleKey(Keycode(evdev: 21), direction: .up, at: 0.05)
        let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("KEY_Y") == true && lines.first?.contains("insertText(\"z\")") == true, "\(lines)")
        let shown = watcher.shownEvents.filter { !$0.isEmpty }
        #expect(shown.count == 2 && shown.last?.hasPrefix("up") == true, "\(shown)")
    }

    @Test func jsonLinesAreObjects() throws {
        var printed = Data()
        let watcher = KeyWatcher(json: true) { printed.append($0) }
        let keyboard = try Self.keyboard("us")
        watcher.watch(keyboard)
        keyboard.handleKey(Keycode(evdev: 30), direction: .down, at: 0)
        let line = try #require(String(decoding: printed, as: UTF8.self).split(separator: "\n").first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["key"] as? String == "KEY_A", "\(object)")
    }

    @Test func theWindowListsOnlyTheLastTen() throws {
        let watcher = KeyWatcher(json: false) { _ in }
        let keyboard = try Self.keyboard("us")
        watcher.watch(keyboard)
        for index in 0..<12 {
            keyboard.handleKey(Keycode(evdev: 30), direction: .down, at: Double(index))
            keyboard.handleKey(Keycode(evdev: 30), direction: .up, at: Double(index) + 0.5)
        }
        #expect(watcher.shownEvents.count == KeyWatcher.shownLines)
        #expect(watcher.shownEvents.allSatisfy { !$0.isEmpty })
    }
}
