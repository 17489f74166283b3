import KeyInputKit
import KeyInputKitTesting
import Testing

@MainActor
@Suite struct PointerAndRenderTests {
    @Test func clickingAViewNotInTheWindowThrowsNamingIt() throws {
        let (window, _) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        let stray = TextField(frame: Rect(x: 20, y: 200, width: 100, height: 32))
        stray.identifier = "stray"
        let error = #expect(throws: WindowTesterError.self) { try tester.click(stray) }
        #expect(error?.kind == .viewNotInWindow)
        #expect(error?.description.contains("TextField \"stray\"") == true)
        #expect(tester.firstResponder == nil)
    }

    @Test func clickingAHiddenViewThrows() throws {
        let (window, field) = formWindow()
        field.isHidden = true
        let tester = try WindowTester(window: window, layout: "us")
        let error = #expect(throws: WindowTesterError.self) { try tester.click(field) }
        #expect(error?.kind == .viewNotVisible)
        #expect(tester.firstResponder == nil)
    }

    @Test func clickingAnUnknownIdentifierSuggestsTheNearest() throws {
        let (window, _) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        let error = #expect(throws: WindowTesterError.self) { try tester.click(identifier: "nmae") }
        #expect(error?.description == #"no view "nmae" in the window; did you mean "name"?"#)
    }

    @Test func clickingAFieldMakesItFirstResponder() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(identifier: "name")
        #expect(tester.firstResponder === field)
    }

    @Test func theRenderShowsTypedText() throws {
        let (window, field) = formWindow()
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(field)
        try tester.type("Ada")
        tester.settle()
        let rows = tester.render().split(separator: "\n", omittingEmptySubsequences: false)
        // The field spans rows 1 to 3 (16-point cells); its text sits on the middle one, inside the border.
        let fieldRow = try #require(rows.dropFirst(1).first { $0.contains("Ada") })
        #expect(fieldRow.contains("║") || fieldRow.contains("│"))
        #expect(!tester.render().contains("Name"), "the placeholder gives way to the text")
    }

    @Test func settlingLetsAnInputViewFinishSlidingIn() throws {
        final class DateControl: Control {
            override var canBecomeFirstResponder: Bool { true }
        }
        let (window, _) = formWindow()
        let date = DateControl(frame: Rect(x: 20, y: 80, width: 200, height: 32))
        date.inputView = DatePicker(mode: .date)
        window.addSubview(date)
        window.inputViewAnimation = .standard
        let tester = try WindowTester(window: window, layout: "us")
        try tester.click(date)
        #expect(window.isAnimatingInputViews)
        tester.settle()
        #expect(!window.isAnimatingInputViews)
        #expect(window.keyboardFrame.minY + window.keyboardFrame.height == 300)
    }
}
