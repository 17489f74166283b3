import Foundation
import KeyInputKit
import TestSupport
import Testing

/// The repository's top folder, where `docs/` is.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@Suite("date-picker-demo typing other scripts with their layouts")
struct DemoTextTests {
    @Test("--layout ara types Arabic into Name, and the field draws it from its right edge")
    func arabicName() async throws {
        let folder = try TemporaryFolder()
        let events = try folder.write(
            "events.txt",
            """
            click name
            type مرحبا بالعالم
            screenshot arabic
            """)
        let result = try DemoBinary.run([
            "--headless", "--layout", "ara", "--locale", "ar_EG", "--events", events, "--state", "--date", "2000-06-15",
            "--output", folder.path + "/frames",
        ])
        #expect(result.status == 0, "\(result)")
        let last = try #require(try DemoState.lines(result.stdout).last)
        #expect(last.value("name") == "مرحبا بالعالم")
        #expect(last.firstResponder == "name")

        // The name field spans x 144…444: the text and the caret at its left end sit in the right third.
        let frame = try await Pixels.load(png: folder.path + "/frames/arabic.png")
        let right = frame.darkPixelCount(in: Rect(x: 340, y: 70, width: 100, height: 28))
        let left = frame.darkPixelCount(in: Rect(x: 150, y: 70, width: 150, height: 28))
        #expect(right > 100, "no Arabic at the field's right end")
        #expect(left == 0, "ink at the field's left end: the text is not aligned to its right-to-left start")
    }

    @Test(
        "the text pictures: each events file types its script on its layout",
        arguments: [
            ("arabic", ["--layout", "ara", "--locale", "ar_EG"], "مرحبا بالعالم", "أهلا\nكيف حالك؟"),
            ("hindi", ["--layout", "in", "--locale", "hi_IN"], "नमस्ते दुनिया", "हिन्दी\nक्षत्रिय श्रद्धा"),
            ("japanese", ["--layout", "jp", "--variant", "kana", "--locale", "ja_JP"], "コンニチハ セカイ", "ヤマ ト カワ\nサクラ"),
        ])
    func readmePictures(name: String, options: [String], expectedName: String, expectedNotes: String) throws {
        let folder = try TemporaryFolder()
        let events = packageRoot + "/docs/images/text/\(name).events"
        let result = try DemoBinary.run(
            ["--headless", "--events", events, "--state", "--date", "2026-03-29", "--output", folder.path] + options)
        #expect(result.status == 0, "\(result)")
        // Spell checking says once that no dictionary is installed for the language; nothing else is said.
        let said = result.stderr.split(separator: "\n").filter { !$0.contains("no spelling dictionary for") }
        #expect(said.isEmpty, "\(result.stderr)")
        let last = try #require(try DemoState.lines(result.stdout).last)
        #expect(last.value("name") == expectedName)
        #expect(last.value("notes") == expectedNotes)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/text-\(name).png"))
    }
}
