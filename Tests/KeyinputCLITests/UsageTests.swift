import Foundation
import Testing

@Suite struct UsageTests {
    @Test(arguments: [
        ["--bogus"], ["type", "--bogus", "KEY_A"], ["compile", "--bogus"], ["list", "--bogus"], ["list", "bogus"],
        ["nonsense"], ["type", "--layout"], ["test"],
    ])
    func argumentErrorsExitWith2(_ arguments: [String]) throws {
        let result = try Keyinput.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(!result.stderr.isEmpty, "\(arguments): \(result)")
    }

    @Test(arguments: [["--help"], ["type", "--help"], ["help", "type"], ["test", "--help"], ["--version"]])
    func helpExitsWith0(_ arguments: [String]) throws {
        let result = try Keyinput.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result)")
        #expect(!result.stdout.isEmpty, "\(arguments): \(result)")
    }
}
