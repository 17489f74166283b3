import Foundation
import TestSupport
import Testing

/// Files a hostile user or a mistake puts where a keymap should be: an
/// include loop crashed keyinput (SIGSEGV in libxkbcommon), `/dev/zero`
/// grew it to gigabytes, a FIFO nobody writes to hung it.
@Suite struct HostileFilesTests {
    /// A project folder whose `symbols/self` includes itself.
    static func loopingFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.write("symbols/self", "xkb_symbols \"basic\" {\n    include \"self\"\n};\n")
        return folder
    }

    /// A FIFO nobody has opened yet, in a new folder removed when the tests end.
    static func fifo(named name: String) throws -> String {
        let fifo = try temporaryFolder() + "/" + name
        try #require(mkfifo(fifo, 0o600) == 0)
        return fifo
    }

    @Test func anIncludeLoopIsAFailureNamingTheFileNotACrash() throws {
        let folder = try Self.loopingFolder()
        let result = try Keyinput.run("compile", "--include", folder.path, "--layout", "self")
        #expect(result.status == 1, "a signal ends with 128 + its number: \(result)")
        #expect(result.stderr.contains("\(folder.file("symbols/self")):2: a section includes itself"), "\(result)")
    }

    @Test func anIncludeLoopInAKeytestFailsOnItsKeymapLine() throws {
        let folder = try Self.loopingFolder()
        let test = try folder.write(
            "loop.keytest", "include \(folder.path)\nkeymap layout=self\ntype KEY_A => \"a\"\n")
        let result = try Keyinput.run("test", test)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("a section includes itself"), "\(result)")
    }

    @Test(arguments: [["compile", "--keymap", "/dev/zero"], ["type", "--compose-file", "/dev/zero", "KEY_A"]])
    func anEndlessDeviceStopsAtSixteenMegabytes(_ arguments: [String]) throws {
        let result = try Keyinput.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("/dev/zero: larger than 16 MB, the most read from one file"), "\(result)")
    }

    @Test func aKeytestWhoseKeymapIsAnEndlessDeviceFailsOnItsLine() throws {
        let folder = try TemporaryFolder()
        let test = try folder.write("zero.keytest", "keymap file=/dev/zero\ntype KEY_A => \"a\"\n")
        let result = try Keyinput.run("test", test)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("larger than 16 MB"), "\(result)")
    }

    @Test func aKeymapFIFONobodyWritesToIsAnErrorAfterFiveSeconds() throws {
        let fifo = try Self.fifo(named: "keymap.fifo")
        let result = try Keyinput.run("compile", "--keymap", fifo)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\(fifo): nothing to read after 5.0 seconds"), "\(result)")
    }

    @Test func aKeymapFromAFIFOWithAWriterCompiles() throws {
        let folder = try TemporaryFolder()
        let keymap = try Keyinput.run("compile", "--layout", "de")
        let file = try folder.write("de.xkb", keymap.stdout)
        let fifo = try Self.fifo(named: "keymap.fifo")
        let writer = try ChildProcess(["/bin/sh", "-c", "sleep 0.5; cat \"$0\" > \"$1\"", file, fifo])
        let result = try Keyinput.run("type", "--text", "--no-compose", "--keymap", fifo, "KEY_Y")
        _ = writer.wait(timeout: 30)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "z\n", "de has Z where us has Y: \(result)")
    }

    @Test("type --input <(cmd): a stream is read, however long its writer takes to start")
    func processSubstitutionIsRead() throws {
        let script = #"exec "$0" type --text --no-compose --input <(sleep 1; echo KEY_H KEY_I)"#
        let result = try ProcessRunner.run("/bin/bash", ["-c", script, try Keyinput.path()])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "hi\n", "\(result)")
    }

    @Test func renderIntoAFIFONobodyReadsIsAnErrorNotAHang() throws {
        let fifo = try Self.fifo(named: "picture.fifo")
        let result = try Keyinput.run("render", "--layout", "us", "--png", fifo)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("could not write PNG \(fifo): nothing reads from it"), "\(result)")
    }

    @Test func renderIntoAFIFOWithAReaderWritesThePicture() throws {
        let fifo = try Self.fifo(named: "picture.fifo")
        // The test is the reader; the picture (about 31 KB) fits in the pipe's 64 KB.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let result = try Keyinput.run("render", "--layout", "us", "--png", fifo)
        #expect(result.status == 0, "\(result)")
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 1000 && buffer.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(count) bytes")
    }

    @Test func renderThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("pictures/us.png", "old")
        let link = folder.file("us-link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try Keyinput.run("render", "--layout", "us", "--png", link)
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(bytes.count) bytes")
    }
}
