import Foundation
import TestSupport
import Testing
import XKB

/// `--keymap /dev/zero` grew to gigabytes and a FIFO with no writer hung
/// for ever; inputs are read with a limit and never block on a non-file.
@Suite struct InputFileTests {
    @Test func anEndlessDeviceStopsAtTheLimitWithAMessage() throws {
        let error = try #require(throws: InputFile.Failure.self) {
            _ = try InputFile("/dev/zero", limit: 1 << 20).read()
        }
        #expect(error.reason == .tooLarge)
        #expect(error.message == "/dev/zero: larger than 1 MB, the most read from one file")
    }

    @Test func aRegularFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("big.xkb", String(repeating: "x", count: 4096))
        let error = try #require(throws: InputFile.Failure.self) { _ = try InputFile(file, limit: 1024).read() }
        #expect(error.message == "\(file): larger than 1 KB, the most read from one file")
        #expect(try InputFile(file, limit: 4096).read().count == 4096)
    }

    @Test func aFIFOWithNoWriterIsAnErrorAfterTheIdleTimeout() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("silent")
        try #require(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: InputFile.Failure.self) {
            _ = try InputFile(fifo, idleTimeout: .milliseconds(200)).read()
        }
        #expect(error.reason == .noWriter)
        #expect(error.message.hasPrefix("\(fifo): nothing to read after 0.2 seconds"), "\(error)")
    }

    @Test func aFIFOWithAWriterIsReadToItsEnd() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("stream")
        try #require(mkfifo(fifo, 0o600) == 0)
        // The writer opens only after the reader started: opening must not wait for it.
        let writer = try ChildProcess(["/bin/sh", "-c", "sleep 0.3; printf 'KEY_A KEY_B' > \"$0\"", fifo])
        let bytes = try InputFile(fifo, idleTimeout: .seconds(20)).read()
        _ = writer.wait(timeout: 20)
        #expect(String(decoding: bytes, as: UTF8.self) == "KEY_A KEY_B")
    }

    @Test func missingFilesAndFoldersSayWhichTheyAre() throws {
        let folder = try TemporaryFolder()
        let missing = try #require(throws: InputFile.Failure.self) { _ = try InputFile(folder.file("nope")).read() }
        #expect(missing.message == "\(folder.file("nope")): no such file")
        let isFolder = try #require(throws: InputFile.Failure.self) { _ = try InputFile(folder.path).read() }
        #expect(isFolder.message == "\(folder.path): is a folder, not a file")
    }
}
