import ArgumentParser
import KeymapCommandLine
import Testing

/// A command that only exists to hand errors to the shared mapping.
private struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "probe", version: "1.2.3")
    @Option var count: Int?
}

@Suite struct CommandLineExitTests {
    func exit(_ error: any Error) -> CommandLineExit { Probe.commandLineExit(for: error, programName: "probe") }

    @Test func aUsageErrorExits2WithTheProgramNameOnStandardError() {
        #expect(
            exit(CLIError.usage("--input x: no such file"))
                == CommandLineExit(code: 2, message: "probe: --input x: no such file", stream: .standardError))
    }

    @Test func aFailureExits1() {
        #expect(exit(CLIError.failure("1 test failed")).code == 1)
    }

    @Test func argumentParsersUsageErrorsExit2Not64() throws {
        let parseError = try #require(throws: (any Error).self) { try Probe.parseAsRoot(["--count", "many"]) }
        let ending = exit(parseError)
        #expect(ending.code == 2)
        #expect(ending.stream == .standardError)
        #expect(ending.message.contains("many"))
        #expect(exit(ValidationError("give some text")).code == 2)
    }

    @Test func helpAndVersionGoToStandardOutputAndExit0() throws {
        let version = try #require(throws: (any Error).self) { try Probe.parseAsRoot(["--version"]) }
        #expect(exit(version) == CommandLineExit(code: 0, message: "1.2.3", stream: .standardOutput))
        let help = CleanExit.helpRequest(Probe.self)
        #expect(exit(help).code == 0)
        #expect(exit(help).stream == .standardOutput)
        #expect(exit(help).message.contains("--count"))
    }

    @Test func anExitCodeErrorKeepsItsCodeAndSaysNothing() {
        #expect(exit(ExitCode(1)) == CommandLineExit(code: 1, message: "", stream: .standardError))
    }
}
