import Foundation
import TestSupport
import Testing

// What --version prints is the newest release CHANGELOG.md names, for every shipped program.

@Suite struct VersionTests {
    /// The version of the first `## [x.y.z] - date` heading of CHANGELOG.md.
    static func newestRelease() throws -> String {
        let changelog = try String(contentsOfFile: packageRoot + "/CHANGELOG.md", encoding: .utf8)
        let heading = try #require(changelog.firstMatch(of: /\n## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}/))
        return String(heading.output.1)
    }

    @Test(arguments: ["keyinput", "date-picker-demo", "keyinput-render", "keyinput-watch"])
    func versionIsTheChangelogsNewestRelease(_ program: String) throws {
        let path = try builtProduct(named: program)
        let result = try ProcessRunner.run(path, ["--version"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try Self.newestRelease()))
    }
}
