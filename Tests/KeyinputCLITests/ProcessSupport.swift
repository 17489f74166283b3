import Foundation
import TestSupport
import Testing

/// What a finished child process left behind.
struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status, or 128 + the signal when a signal ended it.
    var status: Int32
    var stdoutData: Data
    var stderrData: Data

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: stderrData, as: UTF8.self) }

    /// The last line of standard output that is not empty.
    var lastLine: String {
        stdout.split(separator: "\n", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    }

    var description: String {
        "exit \(status)\n--- stdout ---\n\(stdout.prefix(4000))\n--- stderr ---\n\(stderr.prefix(4000))"
    }
}

/// Runs the programs under test to their end, through TestSupport's `ChildProcess`. Standard
/// output and error go to files, not pipes, so a big output never blocks the child.
enum ProcessRunner {
    /// What children's environments lose: the variables that would change keymap defaults or
    /// the compose locale behind a test's back; `LANG` is `C.UTF-8`.
    static let environment: [String: String?] = {
        var changes: [String: String?] = ["LANG": "C.UTF-8"]
        for key in ProcessInfo.processInfo.environment.keys where key.hasPrefix("XKB_DEFAULT_") || key.hasPrefix("LC_") {
            changes[key] = .some(nil)
        }
        return changes
    }()

    /// How long one run may take before it is stopped and the test fails.
    static let timeout = 300.0

    /// Runs `executable` with `arguments`, feeding `stdin` (or nothing), and waits for it;
    /// `extraEnvironment` is added to ``environment``.
    static func run(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        let folder = try TemporaryFolder()
        let paths = (
            input: try folder.write("stdin", bytes: Array(stdin ?? Data())), output: try folder.write("stdout", ""),
            error: try folder.write("stderr", "")
        )
        let input = open(paths.input, O_RDONLY), output = open(paths.output, O_WRONLY), error = open(paths.error, O_WRONLY)
        defer { [input, output, error].forEach { close($0) } }
        let child = try ChildProcess(
            [executable] + arguments, environment: environment.merging(extraEnvironment.mapValues { $0 }) { $1 },
            stdinDescriptor: input, stdoutDescriptor: output, stderrDescriptor: error)
        guard let status = child.wait(timeout: timeout) else {
            child.stop(grace: 1)
            throw ChildProcess.Failure(description: "\(executable) \(arguments) ran past \(timeout) s and was stopped")
        }
        return ProcessResult(
            status: status, stdoutData: try Data(contentsOf: URL(fileURLWithPath: paths.output)),
            stderrData: try Data(contentsOf: URL(fileURLWithPath: paths.error)))
    }
}

/// The `keyinput` binary under test.
enum Keyinput {
    /// Where the binary is: `KEYINPUT_BINARY`, else the build products folder
    /// that holds this test bundle (found by walking up from it).
    static let located: Result<String, LocateError> = Result {
        try builtProduct(named: "keyinput", environmentVariable: "KEYINPUT_BINARY")
    }.mapError { LocateError(description: "\($0)") }

    struct LocateError: Error, CustomStringConvertible, Sendable {
        var description: String
    }

    /// The path of the binary, or a test failure that says how to build it.
    static func path() throws -> String {
        switch located {
        case .success(let path): return path
        case .failure(let error): throw error
        }
    }

    /// Runs `keyinput` with arguments.
    static func run(_ arguments: String..., stdin: Data? = nil) throws -> ProcessResult {
        try run(arguments, stdin: stdin)
    }

    /// Runs `keyinput` with arguments, and `extraEnvironment` added to its environment.
    static func run(
        _ arguments: [String], stdin: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        try ProcessRunner.run(try path(), arguments, stdin: stdin, extraEnvironment: extraEnvironment)
    }
}

/// The package's root folder, found from this source file.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Parses standard output as JSON.
func jsonObject(_ result: ProcessResult) throws -> Any {
    try JSONSerialization.jsonObject(with: result.stdoutData)
}

/// A folder holding a file named `library` that is not a library: first on `LD_LIBRARY_PATH`,
/// it makes opening that library fail, while the program itself starts (it does not link it).
func folderWithBroken(library: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(library, bytes: Array("not a library".utf8))
    return folder
}

/// ``folderWithBroken(library:)`` for ICU, under its name on this machine (`libicui18n.so.N`).
func folderWithBrokenICU() throws -> (folder: TemporaryFolder, library: String) {
    let names = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"].flatMap {
        folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.wholeMatch(of: /libicui18n\.so\.\d+/) != nil
        }
    }
    let name = try #require(names.first, "no libicui18n.so.N on this machine")
    return (try folderWithBroken(library: name), name)
}
