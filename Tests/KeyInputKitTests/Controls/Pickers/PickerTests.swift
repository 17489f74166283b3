import KeyInputKit
import Testing
import XKB

/// A data source whose components can change between reloads, counting the questions it gets.
@MainActor
final class MutableSource: PickerDataSource {
    var components: [[String]]
    var componentQuestions = 0
    init(_ components: [[String]]) { self.components = components }
    func numberOfComponents(in picker: Picker) -> Int {
        componentQuestions += 1
        return components.count
    }
    func numberOfRows(inComponent component: Int, of picker: Picker) -> Int { components[component].count }
    func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String { components[component][row] }
}

@MainActor
@Suite struct PickerTests {
    static let places = ["Apotheke", "Ärzte", "Bäckerei", "Bank", "Café", "Élysée", "Zoo"]
    static let sizes = ["XS", "S", "M", "L", "XL"]

    private func makePicker(_ components: [[String]] = [places, sizes]) -> Picker {
        let picker = Picker(components: components)
        picker.frame = Rect(x: 0, y: 0, width: 400, height: Picker.height)
        return picker
    }

    // MARK: Data

    @Test func rowsAndTitlesComeFromTheDataSource() {
        let picker = makePicker()
        #expect(picker.identifier == "picker")
        #expect(picker.frame.height == 216)
        #expect(picker.keepsKeyboardOnPress && !picker.becomesFirstResponderOnPress)
        #expect(picker.numberOfComponents == 2)
        #expect(picker.numberOfRows(inComponent: 0) == 7)
        #expect(picker.numberOfRows(inComponent: 1) == 5)
        #expect(picker.numberOfRows(inComponent: 2) == 0)
        #expect(picker.selectedRow(inComponent: 0) == 0)
        #expect(picker.selectedTitles == ["Apotheke", "XS"])
        let counter = EventCounter(picker)
        picker.selectRow(3, inComponent: 1)
        picker.selectRow(99, inComponent: 0)  // clamped
        picker.selectRow(1, inComponent: 5)  // no such component: ignored
        #expect(picker.selectedTitles == ["Zoo", "L"])
        #expect(counter[.valueChanged] == 0)  // code sends no events
    }

    @Test func reloadAsksAgainAndClampsTheSelection() {
        let source = MutableSource([Self.places, Self.sizes])
        let picker = Picker()
        picker.dataSource = source
        #expect(source.componentQuestions == 1)
        picker.selectRow(6, inComponent: 0)
        picker.selectRow(4, inComponent: 1)
        source.components = [["One", "Two"], [], ["A", "B", "C"]]
        #expect(picker.numberOfComponents == 2)  // nothing changes before a reload
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 3)
        #expect(picker.selectedRow(inComponent: 0) == 1)
        #expect(picker.selectedRow(inComponent: 1) == -1)
        #expect(picker.selectedRow(inComponent: 2) == 0)
        #expect(picker.selectedTitles == ["Two", "", "A"])
        source.components[1] = ["x", "y"]
        picker.reloadComponent(1)
        #expect(picker.selectedTitles == ["Two", "x", "A"])
    }

    @Test func anEmptyOrMissingDataSourceIsHarmless() throws {
        for components in [[], [[String]()], [[], ["only"]]] as [[[String]]] {
            let picker = makePicker(components)
            let harness = try InputViewHarness(inputView: picker)
            harness.type("KEY_UP", "KEY_DOWN", "KEY_PAGEDOWN", "KEY_END", "KEY_HOME", "KEY_RIGHT", "KEY_LEFT", "KEY_A")
            harness.scroll(dy: -1, at: Point(x: 200, y: 100), in: picker)
            harness.click(Point(x: 200, y: 60), in: picker)
            harness.window.render(to: TextCanvas(size: harness.window.frame.size))
            #expect(picker.selectedRow(inComponent: 0) == -1)
            harness.tap("KEY_ESC")
            #expect(harness.window.firstResponder == nil)
        }
        let orphan = Picker()
        #expect(orphan.numberOfComponents == 0)
        #expect(orphan.selectedTitles.isEmpty)
        #expect(orphan.title(forRow: 0, inComponent: 0) == nil)
        orphan.reloadAllComponents()
        orphan.draw(in: TextCanvas(size: Size(width: 400, height: 216)), rect: Rect(x: 0, y: 0, width: 400, height: 216))
    }

    @Test func theDataSourceIsNotKeptAlive() {
        let picker = Picker()
        do {
            let source = StaticPickerDataSource(components: [["a"]])
            picker.dataSource = source
            #expect(picker.numberOfComponents == 1)
        }
        #expect(picker.dataSource == nil)
    }

    // MARK: Keyboard

    @Test func keysMoveBetweenComponentsAndRows() throws {
        let picker = makePicker()
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        harness.tap("KEY_DOWN")
        #expect(picker.selectedTitles == ["Ärzte", "XS"])
        harness.tap("KEY_PAGEDOWN")
        #expect(picker.selectedRow(inComponent: 0) == 6)  // five rows, clamped at the last
        harness.tap("KEY_PAGEUP")
        #expect(picker.selectedRow(inComponent: 0) == 1)
        harness.tap("KEY_UP")
        harness.tap("KEY_UP")  // at the first row already: nothing
        #expect(picker.selectedRow(inComponent: 0) == 0)
        harness.tap("KEY_RIGHT")
        #expect(picker.selectedComponent == 1)
        harness.tap("KEY_END")
        #expect(picker.selectedTitles == ["Apotheke", "XL"])
        harness.tap("KEY_RIGHT")  // stops at the last component
        #expect(picker.selectedComponent == 1)
        harness.tap("KEY_HOME")
        harness.tap("KEY_LEFTSHIFT", "KEY_TAB")
        #expect(picker.selectedComponent == 0)
        harness.tap("KEY_TAB")
        #expect(picker.selectedComponent == 1)
        #expect(counter[.valueChanged] == 6)
        #expect(harness.owner.isFirstResponder)
        harness.tap("KEY_TAB")  // past the last component: on to the next control
        #expect(harness.nextControl.isFirstResponder)
    }

    @Test func returnConfirmsAndEscapeRestoresThenResigns() throws {
        let picker = makePicker()
        picker.selectRow(2, inComponent: 0)
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        harness.type("KEY_DOWN", "KEY_RIGHT", "KEY_DOWN", "KEY_DOWN")
        #expect(picker.selectedTitles == ["Bank", "M"])
        harness.tap("KEY_ESC")
        #expect(picker.selectedTitles == ["Bäckerei", "XS"])
        #expect(harness.window.firstResponder == nil)
        #expect(counter[.valueChanged] == 4)
        #expect(counter[.primaryActionTriggered] == 0)

        harness.window.advanceTime(by: 1)
        harness.owner.becomeFirstResponder()
        #expect(picker.selectedComponent == 0)  // a new session starts at the first component
        harness.type("KEY_DOWN", "KEY_KPENTER")
        #expect(picker.selectedTitles == ["Bank", "XS"])
        #expect(counter[.primaryActionTriggered] == 1)
        #expect(harness.window.firstResponder == nil)
        harness.tap("KEY_DOWN")  // sliding away: not the picker's any more
        #expect(picker.selectedTitles == ["Bank", "XS"])
    }

    // MARK: Type-ahead

    @Test func typeAheadIgnoresCaseAndAccentsAndStartsOverAfterAPause() throws {
        let picker = makePicker()
        var now = 100.0
        picker.clock = { now }
        let counter = EventCounter(picker)
        #expect(picker.typeAhead("a"))
        #expect(picker.selectedTitles[0] == "Apotheke")
        now += 0.5
        picker.typeAhead("r")  // "ar" within a second: Ärzte
        #expect(picker.selectedTitles[0] == "Ärzte")
        #expect(picker.typeAheadPrefix == "ar")
        now += 1.5
        picker.typeAhead("b")  // after the pause: a new prefix
        #expect(picker.typeAheadPrefix == "b")
        #expect(picker.selectedTitles[0] == "Bäckerei")
        now += 1.0  // exactly the timeout still counts as within it
        picker.typeAhead("A")
        picker.typeAhead("N")
        #expect(picker.selectedTitles[0] == "Bank")
        now += 2
        picker.typeAhead("ELY")
        #expect(picker.selectedTitles[0] == "Élysée")
        now += 0.1
        picker.typeAhead("q")  // no match: the selection stays
        #expect(picker.selectedTitles[0] == "Élysée")
        #expect(counter[.valueChanged] == 4)  // "a" found the row already selected
        #expect(picker.typeAhead(" "))  // a space inside a prefix counts…
        #expect(picker.typeAheadPrefix == "ELYq ")
        now += 5
        #expect(!picker.typeAhead(" "))  // …but does not start one
        #expect(picker.typeAheadPrefix == "")
    }

    @Test(arguments: [
        ("Ärzte", ["KEY_A", "KEY_R"]),
        ("Café", ["KEY_LEFTSHIFT+KEY_C"]),
        ("Bank", ["KEY_B", "KEY_A", "KEY_N"]),
        ("Zoo", ["KEY_Z"]),
    ])
    func typeAheadFromRealKeysOnTheWindowClock(expected: String, keys: [String]) throws {
        let picker = makePicker()
        let harness = try InputViewHarness(inputView: picker)
        harness.tap("KEY_B")  // an earlier burst of typing…
        harness.window.advanceTime(by: 1.5)  // …then a pause on the window's clock
        for token in keys { harness.keyboard.tap(token.split(separator: "+").map(String.init)) }
        #expect(picker.selectedTitles[0] == expected)
    }

    @Test func typeAheadWorksInTheSelectedComponentAndNavigationResetsIt() {
        let picker = makePicker()
        picker.clock = { 0 }
        picker.selectedComponent = 1
        picker.typeAhead("x")
        #expect(picker.selectedTitles == ["Apotheke", "XS"])
        picker.typeAhead("l")
        #expect(picker.selectedTitles == ["Apotheke", "XL"])
        picker.moveSelection(by: -1)
        #expect(picker.typeAheadPrefix == "")
        picker.typeAhead("m")
        #expect(picker.selectedTitles == ["Apotheke", "M"])
    }

    // MARK: Pointer

    @Test func clicksSelectComponentsAndRowsAndTheWheelMovesRows() throws {
        let picker = makePicker()
        picker.selectRow(3, inComponent: 0)
        let harness = try InputViewHarness(inputView: picker)
        let counter = EventCounter(picker)
        let frames = picker.componentFrames
        #expect(frames.count == 2)
        #expect(frames[0].maxX <= frames[1].minX)
        harness.click(Point(x: frames[1].midX, y: frames[1].midY), in: picker)
        #expect(picker.selectedComponent == 1)
        harness.click(Point(x: frames[0].midX, y: frames[0].maxY + 10), in: picker)  // the row below
        #expect(picker.selectedComponent == 0)
        #expect(picker.selectedTitles[0] == "Café")
        harness.click(Point(x: frames[0].midX, y: frames[0].minY - 10), in: picker)  // the row above
        #expect(picker.selectedTitles[0] == "Bank")
        harness.scroll(dy: 1, at: Point(x: frames[0].midX, y: frames[0].midY), in: picker)  // down: the next row
        #expect(picker.selectedTitles[0] == "Café")
        harness.scroll(dy: -2, at: Point(x: frames[1].midX, y: frames[1].midY), in: picker)
        #expect(picker.selectedComponent == 1)
        #expect(picker.selectedTitles[1] == "XS")  // clamped at the first row
        #expect(counter[.valueChanged] == 3)
        #expect(counter[.primaryActionTriggered] == 0)
        #expect(harness.owner.isFirstResponder)
    }

    // MARK: Drawing

    @Test func drawsTheSelectedRowsWithTheirNeighbours() throws {
        let picker = makePicker()
        picker.selectRow(1, inComponent: 0)
        picker.selectRow(2, inComponent: 1)
        picker.title = "Where and which size?"
        let harness = try InputViewHarness(inputView: picker)
        let canvas = TextCanvas(size: harness.window.frame.size)
        harness.window.render(to: canvas)
        let lines = canvas.rendering.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Where and which size?") })
        func words(_ line: String) -> [String] {
            line.split(whereSeparator: { " ║│".contains($0) }).map(String.init)
        }
        #expect(lines.contains { words($0) == ["Apotheke", "S"] })  // the rows above
        #expect(lines.contains { words($0) == ["Ärzte", "M"] && $0.hasPrefix(" ║") })  // the selected component is ringed
        #expect(lines.contains { words($0) == ["Bäckerei", "L"] })  // the rows below
        #expect(lines.contains { $0.contains("↑↓ row") && $0.contains("esc cancel") })  // the key hints
    }
}
