import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program installed beside this one that a subcommand hands its work to,
/// as `git` runs `git-NAME`: `keyinput render` runs `keyinput-render`, so
/// `keyinput` itself loads no drawing or window libraries.
public struct CompanionProgram: Sendable {
    /// The program's file name, such as `keyinput-render`.
    public var name: String

    /// Names a companion program.
    public init(_ name: String) { self.name = name }

    /// The folder of the running executable, where its companions are installed.
    static var executableFolder: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { ($0 as NSString).deletingLastPathComponent }
    }

    /// Where the program is: beside the running executable, else on `PATH`; `nil` when neither has it.
    public func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = [Self.executableFolder].compactMap { $0 }
            + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0 as NSString).appendingPathComponent(name) }
            .first { access($0, X_OK) == 0 }
    }

    /// Replaces this process with the program, given the arguments that
    /// followed `subcommand` on this command line; it keeps this program's
    /// name for its messages, and its exit code is this command's.
    ///
    /// - Parameter subcommand: The subcommand's name, such as `render`.
    /// - Throws: ``CLIError`` (exit 1) when the program is not installed or cannot be run; it never returns otherwise.
    public func run(forSubcommand subcommand: String) throws -> Never {
        let arguments = CommandLine.arguments
        let rest = arguments.drop { $0 != subcommand }.dropFirst()
        guard let path = path() else {
            let folder = Self.executableFolder ?? "this program's folder"
            throw CLIError.failure(
                "\(programName) \(subcommand) needs the program \(name), installed beside \(programName): not found in \(folder) or on PATH"
            )
        }
        let argv = ([arguments.first ?? programName] + rest).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))  // execv returned: it failed
        argv.forEach { free($0) }
        throw CLIError.failure("cannot run \(path): \(reason)")
    }
}
