import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct TestCommandTests {
    @Test func aPassingFilePasses() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "pass.keytest",
            """
            # German
            keymap layout=de
            type KEY_Y KEY_Z => "zy"
            keysyms KEY_RIGHTALT+KEY_Q => at
            can-type "äöü"
            cannot-type "Жλ"

            """)
        let result = try Keyinput.run("test", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.lastLine == "4 passed, 0 failed", "\(result)")
    }

    @Test func aFailingFileNamesFileAndLineAndShowsExpectedAndActual() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "fail.keytest",
            """
            keymap layout=us
            type KEY_A => "a"
            type KEY_A KEY_B => "ba"

            """)
        let junit = folder.file("report.xml")
        let result = try Keyinput.run("test", "--junit", junit, file)
        #expect(result.status == 1, "\(result)")
        #expect(result.lastLine == "1 passed, 1 failed", "\(result)")
        #expect(result.stdout.contains("\(file):3"), "\(result)")
        #expect(result.stdout.contains("\"ba\"") && result.stdout.contains("\"ab\""), "\(result)")
        #expect(!result.stdout.contains("\(file):2:"), "a passing line is not listed: \(result)")

        let xml = try Data(contentsOf: URL(fileURLWithPath: junit))
        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(data: xml)
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            #expect(root.attribute(forName: "tests")?.stringValue == "2")
            #expect(root.attribute(forName: "failures")?.stringValue == "1")
            let cases = try root.nodes(forXPath: "//testcase")
            #expect(cases.count == 2)
            let failures = try root.nodes(forXPath: "//testcase/failure")
            #expect(failures.count == 1)
            #expect(failures.first?.stringValue?.contains("ab") == true)
        #else
            let text = String(decoding: xml, as: UTF8.self)
            #expect(text.hasPrefix("<?xml") && text.contains("<testsuites") && text.contains("<failure"))
        #endif
    }

    @Test func aCoversLineWithoutICUFailsWithTheReason() throws {
        let (folder, library) = try folderWithBrokenICU()
        let file = try folder.write("fr.keytest", bytes: Array("keymap layout=fr\ncovers fr\n".utf8))
        let result = try Keyinput.run(["test", file], extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("fr.keytest:2: covers fr"), "\(result)")
        #expect(result.stdout.contains("ICU, which could not be opened (") && result.stdout.contains(library), "\(result)")
    }

    @Test func folderArgumentsAreSearched() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.keytest", "keymap layout=us\ntype KEY_A => \"a\"\n")
        try folder.write("b.keytest", "keymap layout=fr\ntype KEY_Q => \"a\"\n")
        try folder.write("notes.txt", "type KEY_A => \"nothing\"\n")
        let result = try Keyinput.run("test", folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.lastLine == "2 passed, 0 failed", "\(result)")
    }

    @Test func aMissingPathIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let result = try Keyinput.run("test", folder.file("missing.keytest"))
        #expect(result.status == 2, "\(result)")
        let empty = try Keyinput.run("test", folder.path)
        #expect(empty.status == 2, "a folder with no .keytest files: \(empty)")
    }
}
