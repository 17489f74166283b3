import DatePickerDemo
import Foundation
import KeyInputKit
import Testing

/// `--state` after a large paste: a line per change, each as long however long the text grows.
@MainActor
@Suite struct DemoStateCostTests {
    func control(_ id: String, in state: String) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])
        let controls = try #require(object["controls"] as? [[String: Any]])
        return try #require(controls.first { $0["id"] as? String == id })
    }

    @Test("a long text is written as its length and its two ends; a key changes the state once")
    func longTextInTheState() throws {
        let session = try makeSession()
        try session.play(script: "click name")
        _ = session.stateIfChanged()
        let long = String(repeating: "Grüße 日本 ", count: 100_000)  // 1.6 MB
        session.form.name.insertText(long)
        let pasted = try #require(session.stateIfChanged())
        #expect(pasted.utf8.count < 10_000, "the whole text was written into the state")
        let name = try control("name", in: pasted)
        #expect(name["value"] == nil)
        #expect(name["valueLength"] as? Int == long.utf8.count)
        #expect((name["valueStart"] as? String).map { long.hasPrefix($0) && $0.utf8.count > 2000 } == true)
        #expect((name["valueEnd"] as? String).map { long.hasSuffix($0) && $0.utf8.count > 2000 } == true)
        #expect(session.stateIfChanged() == nil)

        try session.play(script: "type x")
        let typed = try #require(session.stateIfChanged())
        #expect(try control("name", in: typed)["valueLength"] as? Int == long.utf8.count + 1)
        #expect((try control("name", in: typed)["valueEnd"] as? String)?.hasSuffix("本 x") == true)
        #expect(session.stateIfChanged() == nil, "one key, one state line")

        // The same length again, other text: still a change.
        session.form.name.deleteBackward()
        _ = session.stateIfChanged()
        session.form.name.insertText("y")
        #expect(session.stateIfChanged() != nil)
    }

    @Test("Notes' lines are joined by line breaks at both ends of a long text")
    func longNotes() throws {
        let session = try makeSession()
        let line = String(repeating: "é", count: 1500)
        session.form.notes.text = ["start", line, line, line, "end"].joined(separator: "\n")
        let notes = try control("notes", in: session.stateJSON())
        #expect(notes["valueLength"] as? Int == 5 + 3 * 3000 + 3 + 4)
        #expect(notes["valueStart"] as? String == "start\n" + String(repeating: "é", count: 1021))
        #expect(notes["valueEnd"] as? String == String(repeating: "é", count: 1022) + "\nend")
    }
}
