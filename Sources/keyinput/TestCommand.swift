import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput test`: run `.keytest` files.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run keymap test files (.keytest) and report N passed, N failed.",
        discussion: "Folders are searched for .keytest files. Exit code 1 when any test failed."
    )

    @Argument(help: "Test files or folders.")
    var paths: [String]

    @Option(help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Flag(name: .shortAndLong, help: "Also list the tests that passed.")
    var verbose = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one .keytest file or folder") }
    }

    func run() throws {
        let files: [String]
        do { files = try KeyTestRunner.testFiles(in: paths) } catch let error as XKBError {
            throw CLIError.usage(error.message)
        }
        if files.isEmpty { throw CLIError.usage("no .keytest files in \(paths.joined(separator: ", "))") }
        let runner = KeyTestRunner()
        let output = BufferedOutput()
        var byFile: [(String, [KeyTestResult])] = []
        for file in files {
            let results = runner.run(file: file)
            byFile.append((file, results))
            for result in results {
                // A test file's lines are echoed: escaped, as every message is.
                if let failure = result.failure, result.line == 0 {
                    // The whole file: it could not be read.
                    output.line(TerminalSafeText.make("FAIL \(result.file): \(failure)"))
                } else if let failure = result.failure {
                    output.line(TerminalSafeText.make("FAIL \(result.file):\(result.line): \(result.source)"))
                    output.line(TerminalSafeText.make("     \(failure)"))
                } else if verbose {
                    output.line(TerminalSafeText.make("ok   \(result.file):\(result.line): \(result.source)"))
                }
            }
        }
        let all = byFile.flatMap(\.1)
        let failed = all.filter { !$0.passed }.count
        if let junit {
            let xml = JUnitReport.xml(byFile)
            do {
                try Data(xml.utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                throw CLIError.failure("--junit \(junit): cannot be written: \(error.localizedDescription)")
            }
        }
        output.line("\(all.count - failed) passed, \(failed) failed")
        output.flush()
        // A suite that checks nothing must not look green in CI.
        if all.isEmpty {
            throw CLIError.failure(
                "no test cases in \(files.joined(separator: ", ")); add lines such as type, keysyms or can-type")
        }
        if failed > 0 { throw ExitCode(1) }
    }
}
