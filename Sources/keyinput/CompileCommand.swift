import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput compile`: print a compiled keymap, or the names it was built from.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile a keymap and print it as XKB text.",
        discussion: """
            A keymap that does not compile fails with the file, line and libxkbcommon's message (exit 1). \
            --x11-check compiles it again with xkbcomp, the X server's compiler, and reports what X11 cannot hold \
            (exit 1 when it finds something).
            """
    )

    @OptionGroup var keymap: KeymapOptions

    @Flag(help: "Print the RMLVO names with libxkbcommon's defaults filled in, instead of the keymap.")
    var rmlvo = false

    @Flag(
        name: .customLong("x11-check"),
        help: "Instead of printing the keymap, check that X11 holds it: compile it with xkbcomp (x11-xkb-utils).")
    var x11Check = false

    @Flag(help: "With --x11-check, print the findings as JSON.")
    var json = false

    func validate() throws {
        if rmlvo && keymap.keymapFile != nil {
            throw ValidationError("--rmlvo reports names; a --keymap file has none")
        }
        if rmlvo && x11Check { throw ValidationError("--rmlvo and --x11-check cannot be combined") }
        if json && !x11Check { throw ValidationError("--json goes with --x11-check; the keymap itself is XKB text") }
    }

    func run() throws {
        if x11Check { return try runX11Check() }
        let compiled = try keymap.compile()
        let output = BufferedOutput()
        if rmlvo, let names = compiled.names {
            for (key, value) in [
                ("rules", names.rules), ("model", names.model), ("layout", names.layout),
                ("variant", names.variant), ("options", names.options),
            ] {
                output.line("\(key):".padding(9) + (value ?? ""))
            }
        } else {
            output.write(compiled.text)
        }
    }

    /// `--x11-check`: the findings, one each, then a summary; exit 1 when there is one.
    private func runX11Check() throws {
        let output = BufferedOutput()
        let compiled: Keymap
        do {
            compiled = try keymap.compile()
        } catch let error as CLIError where error.exitCode == 1 {
            // libxkbcommon refused it: what the file itself shows X11 could not hold still helps.
            let findings = keymap.keymapFile.map(X11Check.checkText(ofFile:)) ?? []
            if json {
                output.line(X11Check.Report(findings: findings, xkbcompCompiled: false).json())
            } else {
                for finding in findings { output.line(finding.text) }
            }
            output.flush()
            throw error
        }
        let report: X11Check.Report
        do {
            report = try X11Check.check(compiled, file: keymap.keymapFile)
        } catch let error as X11CheckError {
            throw CLIError.failure(error.message)
        }
        if json {
            output.line(report.json())
            output.flush()
            if !report.findings.isEmpty { throw ExitCode(1) }
            return
        }
        for finding in report.findings { output.line(finding.text) }
        let stock = report.stockMessageCount == 0 ? "" : "; \(report.stockMessageCount) messages every stock keymap gets left out"
        let verdict = report.findings.isEmpty ? "X11 holds this keymap" : "\(report.findings.count) problem\(report.findings.count == 1 ? "" : "s") for X11"
        output.line("\(verdict) (xkbcomp \(report.xkbcompCompiled ? "compiled" : "did not compile") it\(stock))")
        output.flush()
        if !report.findings.isEmpty { throw ExitCode(1) }
    }
}
