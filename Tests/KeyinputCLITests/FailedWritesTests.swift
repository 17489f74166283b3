import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Output that did not arrive is a failure: exit 1 and the reason, never a silent 0.

@Suite struct FailedWritesTests {
    /// Whether /dev/full is the kernel's always-full device here (some sandboxes lack it).
    static let devFullIsReal: Bool = {
        var status = stat()
        return stat("/dev/full", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }()

    /// Runs keyinput with standard output on `descriptor`.
    static func run(_ arguments: [String], stdout descriptor: Int32) throws -> (status: Int32?, stderr: String) {
        let folder = try TemporaryFolder()
        let errorPath = try folder.write("stderr", "")
        let error = open(errorPath, O_WRONLY)
        defer { close(error) }
        let child = try ChildProcess(
            [try Keyinput.path()] + arguments, environment: ["LANG": "C.UTF-8"], stdoutDescriptor: descriptor,
            stderrDescriptor: error)
        let status = child.wait(timeout: 120)
        if status == nil { child.stop(grace: 1) }
        let stderr = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
        return (status, stderr)
    }

    static let commands: [[String]] = [
        ["compile", "--layout", "us"], ["type", "KEY_A"], ["list", "layouts"], ["how-to-type", "--layout", "de", "ö"],
        ["test", packageRoot + "/keymaps/"],
    ]

    @Test(arguments: commands)
    func outputThatCannotBeWrittenFails(_ arguments: [String]) throws {
        // A descriptor open for reading only: every write to it fails (EBADF).
        let readOnly = open("/dev/null", O_RDONLY)
        defer { close(readOnly) }
        let result = try Self.run(arguments, stdout: readOnly)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not write to standard output"), "\(result)")
    }

    @Test(.enabled(if: devFullIsReal, "/dev/full is not the kernel's full device here"), arguments: commands)
    func aFullDiskFails(_ arguments: [String]) throws {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        let result = try Self.run(arguments, stdout: full)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("No space left on device"), "\(result)")
    }

    @Test func aJUnitReportThatCannotBeWrittenFails() throws {
        let folder = try TemporaryFolder()
        let notAFolder = try folder.write("file", "")
        let result = try Keyinput.run(["test", "--junit", notAFolder + "/report.xml", packageRoot + "/keymaps/"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("--junit") && result.stderr.contains("cannot be written"), "\(result)")
    }

    /// Runs `body` with a 16 KB tmpfs mounted on a new folder (root only), unmounted after.
    static func withSmallFilesystem(_ body: (TemporaryFolder) throws -> Void) throws {
        let folder = try TemporaryFolder()
        try #require(mount("tmpfs", folder.path, "tmpfs", 0, "size=16k") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { umount2(folder.path, Int32(MNT_DETACH)) }
        try body(folder)
    }

    static let canMount = getuid() == 0

    @Test(
        .enabled(if: canMount, "mounting a small tmpfs needs root"),
        arguments: [("--png", "picture.png"), ("--svg", "picture.svg")])
    func aPictureThatDoesNotFitLeavesTheOldFileAndNoScraps(option: String, name: String) throws {
        try Self.withSmallFilesystem { folder in
            let old = try folder.write(name, "the old picture")
            let result = try Keyinput.run("render", "--layout", "us", option, old)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("could not write"), "\(result)")
            #expect(FileManager.default.contents(atPath: old) == Data("the old picture".utf8), "a truncated picture replaced it")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
        }
    }
}
