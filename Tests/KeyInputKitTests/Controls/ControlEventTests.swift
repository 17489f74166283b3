import KeyInputKit
import Testing

/// Clicks and Return send distinct events.
@MainActor
@Suite struct ControlEventTests {
    /// Records a control's events in the order they were sent.
    @MainActor
    final class EventLog {
        var events: [Control.Event] = []
        init(_ control: Control) {
            let all: [Control.Event] = [
                .primaryActionTriggered, .pointerUpInside, .valueChanged, .editingDidBegin, .editingChanged,
                .editingDidEnd, .editingDidEndOnExit,
            ]
            for event in all { control.addAction(for: event) { [unowned self] _ in self.events.append(event) } }
        }
    }

    @Test func twoClicksIntoASearchFieldRunNoSearchAndReturnRunsOne() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let search = TextField(
            frame: Rect(x: 0, y: 0, width: 200, height: 30), traits: TextInputTraits(returnKeyType: .search))
        var searches: [String] = []
        search.addAction(for: .primaryActionTriggered) { control in searches.append((control as! TextField).text) }
        let log = EventLog(search)
        window.addSubview(search)
        window.click(search)
        window.click(search)
        #expect(searches.isEmpty)
        #expect(log.events == [.editingDidBegin, .pointerUpInside, .pointerUpInside])
        keyboard.type(["KEY_C", "KEY_A", "KEY_T", "KEY_ENTER"])
        #expect(searches == ["cat"])
    }

    @Test func clickingAButtonSendsPointerUpInsideThenItsPrimaryAction() {
        let (_, window) = Fixture.window()
        let button = Button(title: "Save", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let log = EventLog(button)
        window.addSubview(button)
        window.click(button)
        #expect(log.events == [.pointerUpInside, .primaryActionTriggered])
        // Released outside: no click.
        window.sendPointerEvent(PointerEvent(.down, at: Point(x: 50, y: 25)))
        window.sendPointerEvent(PointerEvent(.up, at: Point(x: 300, y: 300)))
        #expect(log.events.count == 2)
        button.press()
        #expect(log.events == [.pointerUpInside, .primaryActionTriggered, .primaryActionTriggered])
    }

    @Test func returnInADoneFieldEndsEditingOnExitWithoutTriggeringItsAction() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let name = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 30), traits: TextInputTraits(returnKeyType: .done))
        let log = EventLog(name)
        window.addSubview(name)
        name.becomeFirstResponder()
        keyboard.type(["KEY_A", "KEY_ENTER"])
        #expect(!name.isFirstResponder)
        #expect(log.events == [.editingDidBegin, .editingChanged, .editingDidEndOnExit, .editingDidEnd])
    }

    @Test func returnInADoneFieldThatRefusesToResignDoesNotEndOnExit() throws {
        final class Invalid: TextField {
            override var canResignFirstResponder: Bool { false }
        }
        let keyboard = try Fixture.keyboard(layout: "us")
        let (_, window) = Fixture.window(keyboard: keyboard)
        let field = Invalid(frame: Rect(x: 0, y: 0, width: 200, height: 30), traits: TextInputTraits(returnKeyType: .done))
        let log = EventLog(field)
        window.addSubview(field)
        field.becomeFirstResponder()
        keyboard.tap("KEY_ENTER")
        #expect(field.isFirstResponder)
        #expect(log.events == [.editingDidBegin])
    }
}
