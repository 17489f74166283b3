import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// keyinput's keymap commands need libxkbcommon alone: a layout author's CI container has no display stack.
// Every library of that stack is shadowed by a file that is not a library, first on LD_LIBRARY_PATH:
// a program that links one of them does not start.

@Suite struct WithoutTheDisplayStackTests {
    static let displayStack = [
        "libcairo.so.2", "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libpangoft2-1.0.so.0", "libharfbuzz.so.0",
        "libxcb.so.1", "libxcb-xkb.so.1", "libxkbcommon-x11.so.0", "libwayland-client.so.0", "libwayland-cursor.so.0",
        "libgio-2.0.so.0", "libgobject-2.0.so.0", "libglib-2.0.so.0", "libfontconfig.so.1", "libfreetype.so.6",
    ]

    /// A folder of broken copies of the display stack's libraries.
    static func shadow() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for library in displayStack { try folder.write(library, bytes: Array("not a library".utf8)) }
        return folder
    }

    @Test(arguments: [
        ["type", "--layout", "de", "KEY_Y"],
        ["compile", "--layout", "de"],
        ["how-to-type", "--layout", "de", "ö"],
        ["test", "keymaps/"],
    ])
    func aKeymapCommandRunsWithoutIt(_ arguments: [String]) throws {
        let folder = try Self.shadow()
        let shadowed = try Keyinput.run(
            arguments.map { $0 == "keymaps/" ? packageRoot + "/keymaps/" : $0 },
            extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        let plain = try Keyinput.run(arguments.map { $0 == "keymaps/" ? packageRoot + "/keymaps/" : $0 })
        #expect(shadowed.status == 0, "\(shadowed)")
        #expect(shadowed.stdout == plain.stdout)
        #expect(!shadowed.stdout.isEmpty)
    }

    @Test func renderLoadsTheDrawingLibrariesWhenItRuns() throws {
        let folder = try Self.shadow()
        // The shadow is real: the program that draws cannot start under it, and says which library failed.
        let result = try Keyinput.run(
            ["render", "--layout", "us", "--png", folder.file("us.png")], extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        #expect(result.status != 0, "\(result)")
        #expect(Self.displayStack.contains { result.stderr.contains($0) }, "\(result)")
        // keyinput's own usage errors still come from keyinput, before anything is loaded.
        let usage = try Keyinput.run(["render", "--layout", "us"], extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        #expect(usage.status == 2 && usage.stderr.contains("--png"), "\(usage)")
    }

    @Test func renderWithoutItsCompanionSaysWhatIsMissing() throws {
        let folder = try TemporaryFolder()
        let alone = folder.file("keyinput")
        // Written with O_CLOEXEC, so that no child another test starts meanwhile keeps it open for writing.
        let bytes = try #require(FileManager.default.contents(atPath: try Keyinput.path()))
        let copy = open(alone, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        try #require(copy >= 0)
        let written = bytes.withUnsafeBytes { write(copy, $0.baseAddress, $0.count) }
        close(copy)
        try #require(written == bytes.count)
        let result = try ProcessRunner.run(
            alone, ["render", "--layout", "us", "--png", folder.file("us.png")],
            extraEnvironment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("keyinput-render") && result.stderr.contains(folder.path), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("us.png")))
    }
}
