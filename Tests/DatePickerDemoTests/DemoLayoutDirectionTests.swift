import Foundation
import KeyInputKit
import TestSupport
import Testing

@Suite("--layout-direction and --locale: which way the accessory bar runs (issue 34)")
struct DemoLayoutDirectionTests {
    /// Who is first responder after Birthday is clicked and then the accessory bar's left end:
    /// Previous there (left to right) moves to Name; Done there (right to left) ends editing.
    static func afterClickingTheBarsLeftEnd(_ options: [String]) async throws -> String? {
        let barMiddle = 640 - (await DatePicker.height) - (await InputAccessoryBar.height) / 2
        let folder = try TemporaryFolder()
        let events = try folder.write("events", "click birthday\nwait 0.5\nclick 30 \(barMiddle)\nwait 0.5\n")
        let result = try DemoBinary.run(
            ["--headless", "--state", "--events", events, "--date", "2024-02-20", "--output", folder.path] + options)
        #expect(result.status == 0, "\(result)")
        let states = try DemoState.lines(result.stdout)
        #expect(states.contains { $0.firstResponder == "birthday" }, "\(result)")
        return try #require(states.last).firstResponder
    }

    @Test(
        "the bar's left end is Previous in a left-to-right window and Done in a right-to-left one, from --locale or --layout-direction",
        arguments: [
            (["--locale", "en_US"], "name"),
            (["--locale", "en_US", "--layout-direction", "rtl"], nil),
            (["--locale", "ar_SA"], nil),
            (["--locale", "he_IL", "--layout-direction", "ltr"], "name"),
        ] as [([String], String?)])
    func barsLeftEnd(options: [String], firstResponder: String?) async throws {
        #expect(try await Self.afterClickingTheBarsLeftEnd(options) == firstResponder, "\(options)")
    }

    @Test("a direction that is neither ltr nor rtl is a usage error")
    func badDirection() throws {
        let result = try DemoBinary.run(["--headless", "--layout-direction", "right"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("right") && result.stderr.contains("layout-direction"), "\(result)")
    }
}
