import KeyInputKit
import TestSupport
import Testing
import XKB

/// A column picker built the way the base type's documentation shows: three
/// colour channels of 0…255, and a record of the text typed into it.
@MainActor
final class ColourPicker: ColumnPicker<[Int]> {
    var channels = [255, 128, 0]
    var typed: [String] = []

    override var numberOfColumns: Int { channels.count }
    override func selectedText(inColumn column: Int) -> String { String(channels[column]) }
    override func neighbourText(inColumn column: Int, step: Int) -> String? {
        (0...255).contains(channels[column] + step) ? String(channels[column] + step) : nil
    }
    override func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool {
        let old = channels[column]
        switch change {
        case .step(let n): channels[column] = min(max(old + n, 0), 255)
        case .page(let n): channels[column] = min(max(old + 16 * n, 0), 255)
        case .first: channels[column] = 0
        case .last: channels[column] = 255
        }
        return channels[column] != old
    }
    override func handleTypedText(_ text: String) -> Bool {
        typed.append(text)
        return true
    }
    override var defaultTitle: String { "rgb(" + channels.map(String.init).joined(separator: ", ") + ")" }
    override var keyHints: String { "↑↓ channel · esc cancel" }
    override var editingValue: [Int]? { channels }
    override func restoreEditingValue(_ value: [Int]) -> Bool {
        defer { channels = value }
        return channels != value
    }
}

@MainActor
@Suite struct ColumnPickerTests {
    private func makePicker() -> ColourPicker {
        ColourPicker(frame: Rect(x: 0, y: 0, width: 400, height: 216))
    }

    @Test func keysChangeTheSelectedColumnAndEscapeRestoresEveryColumn() throws {
        let picker = makePicker()
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        harness.tap("KEY_UP")  // already 255: no change, no event
        harness.tap("KEY_DOWN")
        #expect(picker.channels == [254, 128, 0])
        harness.type("KEY_RIGHT", "KEY_PAGEUP")
        #expect(picker.channels == [254, 144, 0])
        harness.tap("KEY_END")
        harness.type("KEY_TAB", "KEY_PAGEDOWN")  // clamped at 0: no change
        #expect(picker.channels == [254, 255, 0])
        #expect(picker.selectedColumn == 2)
        #expect(counter[.valueChanged] == 3)
        harness.tap("KEY_ESC")
        #expect(picker.channels == [255, 128, 0])
        #expect(counter[.valueChanged] == 4)
        #expect(harness.window.firstResponder == nil)
    }

    @Test func clicksAboveAndBelowStepAndTheWheelStepsTheColumnUnderIt() throws {
        let picker = makePicker()
        let harness = try InputViewHarness(inputView: picker)
        let frames = picker.columnFrames
        #expect(frames.count == 3)
        harness.click(Point(x: frames[1].midX, y: frames[1].minY - 10), in: picker)  // the value above
        #expect(picker.selectedColumn == 1)
        #expect(picker.channels == [255, 129, 0])
        harness.click(Point(x: frames[1].midX, y: frames[1].maxY + 10), in: picker)  // the value below
        harness.click(Point(x: frames[1].midX, y: frames[1].maxY + 10), in: picker)
        #expect(picker.channels == [255, 127, 0])
        harness.scroll(dy: -3, at: Point(x: frames[2].midX, y: frames[2].midY), in: picker)  // up: larger
        #expect(picker.selectedColumn == 2)
        #expect(picker.channels == [255, 127, 3])
        #expect(harness.owner.isFirstResponder)
    }

    @Test func drawsEachColumnBetweenItsNeighboursWithTheTitleAndHints() throws {
        let picker = makePicker()
        let harness = try InputViewHarness(inputView: picker)
        let canvas = TextCanvas(size: harness.window.frame.size)
        harness.window.render(to: canvas)
        let lines = canvas.rendering.split(separator: "\n").map(String.init)
        func words(_ line: String) -> [String] {
            line.split(whereSeparator: { " ║│".contains($0) }).map(String.init)
        }
        #expect(lines.contains { $0.contains("rgb(255, 128, 0)") })
        #expect(lines.contains { words($0) == ["129", "1"] })  // above: 256 does not exist
        #expect(lines.contains { words($0) == ["255", "128", "0"] && $0.hasPrefix(" ║") })  // the first column is ringed
        #expect(lines.contains { words($0) == ["254", "127"] })  // below: -1 does not exist
        #expect(lines.contains { $0.contains("↑↓ channel · esc cancel") })
    }

    @Test func typedTextReachesThePickerButControlCharactersAndShortcutsDoNot() {
        let picker = makePicker()
        func press(_ characters: String, modifiers: KeyModifierFlags = [], composed: String? = nil) -> KeyPress {
            KeyPress(
                keycode: key("KEY_A"), phase: .began, keysyms: Keysyms(Keysym(name: "a")!), characters: characters,
                charactersIgnoringModifiers: characters, modifiers: modifiers,
                textAction: composed.map { .insertText($0) } ?? .none)
        }
        #expect(picker.handleKeyPress(press("a")))
        #expect(!picker.handleKeyPress(press("\u{1}")))  // Ctrl+A's character
        #expect(!picker.handleKeyPress(press("x\u{7f}")))  // Delete
        #expect(!picker.handleKeyPress(press("a", modifiers: .control)))
        #expect(!picker.handleKeyPress(press("", composed: "\u{1b}")))  // a compose sequence that gives Escape's character
        #expect(picker.handleKeyPress(press("", composed: "é")))
        #expect(picker.typed == ["a", "é"])
    }

    /// A column picker that remembers nothing for Escape: the base's `editingValue` is `nil`.
    final class Counter: ColumnPicker<Int> {
        var count = 0
        override var numberOfColumns: Int { 1 }
        override func selectedText(inColumn column: Int) -> String { String(count) }
        override func applyChange(_ change: ColumnChange, toColumn column: Int) -> Bool {
            guard case .step(let n) = change else { return false }
            count += n
            return true
        }
    }

    @Test func aPickerWithoutAnEditingValueKeepsItsValueOnEscapeAndStillEndsEditing() throws {
        let picker = Counter(frame: Rect(x: 0, y: 0, width: 400, height: 216))
        let harness = try InputViewHarness(inputView: picker)
        harness.tap("KEY_UP")
        harness.tap("KEY_ESC")
        #expect(picker.count == 1)
        #expect(harness.window.firstResponder == nil)
    }
}

