import KeyInputKit
import TestSupport
import Testing
import XKB

/// The window finds a responder's key command without matching each one on every press
/// (it indexes each `keyCommands` array once): the command it runs must still be the
/// first one in the array that matches, and a changed array must count from the next press.
@MainActor
@Suite struct KeyCommandLookupTests {
    /// A focusable view whose key commands the test sets, recording which ran.
    /// Its commands capture it unowned: a view keeps its commands, so a strong capture would be a cycle.
    final class Shortcuts: View {
        var commands: [KeyCommand] = []
        var ran: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override var keyCommands: [KeyCommand] { commands }
    }

    private func focused(_ commands: [KeyCommand] = []) -> (Window, Shortcuts) {
        let (_, window) = Fixture.window()
        let view = Shortcuts(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.commands = commands
        window.addSubview(view)
        view.becomeFirstResponder()
        return (window, view)
    }

    private func press(
        _ keysyms: [Keysym], _ modifiers: KeyModifierFlags = [], key name: String = "KEY_S", latin: String? = nil,
        isRepeat: Bool = false
    ) -> KeyPress {
        KeyPress(
            keycode: key(name), phase: .began, keysyms: Keysyms(keysyms), characters: "",
            charactersIgnoringModifiers: "", modifiers: modifiers, isRepeat: isRepeat, latinFallback: latin)
    }

    private func sym(_ name: String) -> Keysym { Keysym(name: name)! }

    @Test func changedKeyCommandsCountFromTheNextPress() {
        let (window, view) = focused()
        let ctrlS = press([sym("s")], .control)
        view.commands = [KeyCommand(input: "s", modifiers: .control) { [unowned view] in view.ran.append("save") }]
        window.sendKeyPress(ctrlS)
        view.commands = [KeyCommand(input: "s", modifiers: .control) { [unowned view] in view.ran.append("export") }]
        window.sendKeyPress(ctrlS)
        view.commands[0].action = { [unowned view] in view.ran.append("share") }  // changed in place
        window.sendKeyPress(ctrlS)
        view.commands[0].modifiers = .alternate  // Ctrl+S no longer, Alt+S instead
        window.sendKeyPress(ctrlS)
        window.sendKeyPress(press([sym("s")], .alternate))
        view.commands[0].input = "d"  // Alt+D now
        window.sendKeyPress(press([sym("s")], .alternate))
        window.sendKeyPress(press([sym("d")], .alternate, key: "KEY_D"))
        #expect(view.ran == ["save", "export", "share", "share", "share"])
    }

    /// Commands that overlap on purpose: the first in the array wins, as a walk through it finds.
    private var overlapping: [(String, KeyModifierFlags, String?, Bool)] {
        [
            ("Left", [.shift], nil, true), ("Left", [], nil, true), ("a", .control, "KEY_A", false),
            ("A", .control, nil, false), ("z", [.control, .shift], "KEY_Z", true), ("z", .control, "KEY_Z", true),
            ("?", [], nil, false), ("question", .control, nil, false), ("Home", .control, nil, false),
            ("s", [.control, .alternate], "KEY_S", false), ("S", [.control, .alternate], nil, false),
            ("NoSuchKeysym", [], "KEY_S", false), ("ф", .control, nil, false), ("1", [], nil, false),
            ("q", .alternate, nil, false),
        ]
    }

    @Test func theFirstMatchingCommandRunsForEveryPress() {
        var titles: [String] = []
        let (window, view) = focused()
        view.commands = overlapping.enumerated().map { index, entry in
            let title = "\(index):\(entry.0)"
            titles.append(title)
            let (input, modifiers, physicalKey, repeats) = entry
            return KeyCommand(
                input: input, modifiers: modifiers, physicalKey: physicalKey, title: title, repeats: repeats
            ) { [unowned view] in view.ran.append(title) }
        }
        let keysyms: [[Keysym]] = [
            [sym("a")], [sym("A")], [sym("q")], [sym("Q")], [sym("Cyrillic_EF")], [sym("z")], [sym("Z")],
            [sym("question")], [sym("Left")], [sym("Home")],
            [sym("s")], [sym("S")], [sym("Cyrillic_ef")], [sym("1")], [sym("exclam")], [], [sym("a"), sym("Left")],
        ]
        let modifierSets: [KeyModifierFlags] = [
            [], .shift, .control, [.control, .shift], [.control, .alternate], [.control, .alphaShift],
            [.shift, .numericPad], .alternate,
        ]
        var checked = 0
        var matched = 0
        var reached: Set<String> = []
        for syms in keysyms {
            for modifiers in modifierSets {
                for (key, latin) in [("KEY_S", nil), ("KEY_A", "a"), ("KEY_Z", "z"), ("KEY_1", nil)]
                    as [(String, String?)]
                {
                    for isRepeat in [false, true] {
                        let press = press(syms, modifiers, key: key, latin: latin, isRepeat: isRepeat)
                        let expected = view.commands.first { $0.matches(press) }?.title
                        view.ran = []
                        window.sendKeyPress(press)
                        #expect(view.ran == (expected.map { [$0] } ?? []), "\(syms) \(modifiers) \(key) \(isRepeat)")
                        checked += 1
                        if let expected {
                            matched += 1
                            reached.insert(expected)
                        }
                    }
                }
            }
        }
        // The presses reach most commands, and many presses match none: the comparison means something.
        #expect(checked == 1088)
        #expect(matched > 100 && matched < checked / 2)
        // Every command runs for some press, but those an earlier one hides and the one naming no keysym.
        #expect(Set(titles).subtracting(reached) == ["3:A", "10:S", "11:NoSuchKeysym"])
    }
}

extension KeyCommandLookupTests {
    /// A view whose command calls one of its own methods: the command holds the view.
    final class Editor: View {
        var saves = 0
        override var canBecomeFirstResponder: Bool { true }
        override var keyCommands: [KeyCommand] { [KeyCommand(input: "s", modifiers: .control, action: save)] }
        func save() { saves += 1 }
    }

    @Test func aViewWhoseCommandsHoldItIsStillFreedAfterItsKeysWereLookedUp() {
        weak var gone: Editor?
        do {
            let (window, _) = focused()
            let editor = Editor(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(editor)
            editor.becomeFirstResponder()
            window.sendKeyPress(press([sym("s")], .control))
            window.sendKeyPress(press([sym("s")], .control))
            #expect(editor.saves == 2)
            editor.removeFromSuperview()
            gone = editor
        }
        #expect(gone == nil, "the index of its commands must not keep the view alive")
    }
}
