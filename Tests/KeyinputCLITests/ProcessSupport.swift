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

/// Runs programs as child processes. Standard output and error go to files, not
/// pipes, so a big output never blocks the child.
enum ProcessRunner {
    /// The environment children get: the tests' own, without the variables that
    /// would change keymap defaults or the compose locale behind a test's back.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("XKB_DEFAULT_") || key.hasPrefix("LC_") {
            environment.removeValue(forKey: key)
        }
        environment["LANG"] = "C.UTF-8"
        return environment
    }()

    /// Runs `executable` with `arguments`, feeding `stdin` (or nothing), and waits for it;
    /// `extraEnvironment` is added to ``environment``.
    static func run(
        _ executable: String, _ arguments: [String], stdin: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("keyinput-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        let inURL = folder.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try (stdin ?? Data()).write(to: inURL)

        let output = try FileHandle(forWritingTo: outURL)
        let error = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer {
            try? output.close()
            try? error.close()
            try? input.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extraEnvironment) { $1 }
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ProcessResult(
            status: status, stdoutData: try Data(contentsOf: outURL), stderrData: try Data(contentsOf: errURL))
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
