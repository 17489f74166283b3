import Foundation
import Testing

/// Messages echo what they were given: escaped, so it cannot drive the
/// terminal, and cut, so it cannot bury the message.
@Suite struct EchoedInputTests {
    @Test func anEscapeSequenceInATokenIsShownNotObeyed() throws {
        let result = try Keyinput.run("type", "\u{1B}[31mRED")
        #expect(result.status == 2, "\(result)")
        #expect(!result.stderrData.contains(0x1B), "the terminal would turn red: \(result)")
        #expect(result.stderr.contains(#""\u{1B}[31mRED""#), "\(result)")
    }

    @Test func aBidiOverrideInALayoutNameIsShownNotObeyed() throws {
        let result = try Keyinput.run("compile", "--layout", "us\u{202E}ed")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(#"us\u{202E}ed"#), "\(result)")
    }

    @Test func a130KilobyteLayoutNameIsCutToALineOrTwo() throws {
        let name = String(repeating: "x", count: 130_000)
        let result = try Keyinput.run("compile", "--layout", name)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.utf8.count < 400, "\(result.stderr.utf8.count) bytes")
        #expect(result.stderr.contains("characters left out)"), "\(result.stderr.prefix(400))")
    }
}
