import DatePickerDemo
import Testing

@Suite("Events files")
struct DemoScriptTests {
    @Test("each kind of line, comments and blank lines, CRLF endings")
    func everyVerb() throws {
        let text = "# a comment\r\nkey KEY_LEFTSHIFT+KEY_A\r\n\r\nclick 12 34.5\nclick birthday\n  type \"Ada \"\ntype Jürgen Zoller\nwait 0.25\nscreenshot step-1\n"
        let events = try DemoScript.parse(text)
        #expect(events.map(\.line) == [2, 4, 5, 6, 7, 8, 9])
        #expect(events.map(\.event) == [
            .key("KEY_LEFTSHIFT+KEY_A"), .clickAt(12, 34.5), .clickControl("birthday"), .type("Ada "),
            .type("Jürgen Zoller"), .wait(0.25), .screenshot("step-1"),
        ])
    }

    @Test(
        "a bad line is reported with its number and what is expected",
        arguments: [
            ("jump 3", #"unknown event "jump"; expected key, click, tap, touch, type, wait or screenshot"#),
            ("key", "key takes one token, such as KEY_A or KEY_LEFTSHIFT+KEY_A"),
            ("key KEY_A KEY_B", "key takes one token, such as KEY_A or KEY_LEFTSHIFT+KEY_A"),
            ("click 1 2 3", "click takes X Y or a control id"),
            ("type", "type needs text"),
            ("wait soon", "wait takes seconds between 0 and 3600"),
            ("wait -1", "wait takes seconds between 0 and 3600"),
            ("screenshot ../up", "screenshot takes a name of letters, digits, - and _"),
        ])
    func badLine(line: String, message: String) throws {
        let error = #expect(throws: DemoScriptError.self) { try DemoScript.parse("click name\n# fine\n" + line + "\n") }
        #expect(error?.line == 3)
        #expect(error?.message == message)
    }

    @Test("a line too long to be an event is refused, not read on")
    func longLine() throws {
        let error = #expect(throws: DemoScriptError.self) {
            try DemoScript.parse("type " + String(repeating: "a", count: DemoScript.maxLineLength))
        }
        #expect(error?.line == 1)
    }

    @Test("the built-in session parses")
    func builtIn() throws {
        let events = try DemoScript.parse(DemoScript.builtIn)
        #expect(events.contains { $0.event == .clickControl("birthday") || $0.event == .key("KEY_ENTER") })
        #expect(events.filter { if case .screenshot = $0.event { true } else { false } }.count == 7)
    }
}
