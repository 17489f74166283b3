import Foundation
import KeyInputKit
import Testing

/// Reading Unicode's and CLDR's emoji data, and what happens without it.
@Suite struct EmojiDataTests {
    private static let hasData = FileManager.default.fileExists(atPath: EmojiCatalog.standardPath)

    @Test(.enabled(if: hasData, "needs unicode-data"))
    func theCatalogHasUnicodesGroupsWithSkinTonesFoldedIn() throws {
        let catalog = try EmojiCatalog(contentsOf: EmojiCatalog.standardPath)
        #expect(catalog.groups.map(\.name) == [
            "Smileys & Emotion", "People & Body", "Animals & Nature", "Food & Drink", "Travel & Places",
            "Activities", "Objects", "Symbols", "Flags",
        ])
        let all = catalog.allEmoji
        #expect(all.first?.character == "😀" && all.first?.name == "grinning face")
        let thumbs = try #require(all.first { $0.character == "👍" })
        #expect(thumbs.skinTones == ["👍🏻", "👍🏼", "👍🏽", "👍🏾", "👍🏿"])
        #expect(!all.contains { $0.character == "👍🏽" }, "tones are not cells of their own")
        #expect(all.contains { $0.character == "❤️" } && !all.contains { $0.character == "❤" }, "fully qualified only")
    }

    @Test(.enabled(if: hasData, "needs unicode-cldr-core"))
    func frenchCanadianFallsBackToFrenchThenEnglish() {
        let annotations = EmojiAnnotations(locale: "fr_CA.UTF-8")
        #expect(annotations.locales == ["fr_CA", "fr", "en"])
        #expect(annotations.name(for: "❤️") == "cœur rouge")
        #expect(annotations.keywords(for: "❤️").contains("cœur"))
        #expect(EmojiAnnotations(locale: "C").locales == ["en"])
    }

    @Test(.enabled(if: hasData, "needs unicode-data and unicode-cldr-core"))
    func searchFoldsAccentsAndLigaturesAndMatchesWordPrefixes() throws {
        let catalog = try EmojiCatalog(contentsOf: EmojiCatalog.standardPath)
        let french = EmojiSearchIndex(catalog: catalog, annotations: EmojiAnnotations(locale: "fr"))
        #expect(french.search("coeur").contains { $0.character == "❤️" })
        #expect(french.search("CŒUR ROU").contains { $0.character == "❤️" })
        #expect(french.search("grinning").isEmpty, "English words do not find French names")
        let english = EmojiSearchIndex(catalog: catalog, annotations: EmojiAnnotations(locale: "en"))
        #expect(english.search("grin").first?.character == "😀")
        #expect(english.search("   ").isEmpty)
    }

    @Test func missingFilesGiveAClearErrorAndAnEmptySearch() throws {
        #expect(throws: EmojiDataError.self) { try EmojiCatalog(contentsOf: "/nonexistent/emoji-test.txt") }
        let annotations = EmojiAnnotations(locale: "fr", directory: "/nonexistent")
        #expect(annotations.isEmpty && annotations.filesRead.isEmpty)
        let index = EmojiSearchIndex(catalog: EmojiCatalog(), annotations: annotations)
        #expect(index.search("coeur").isEmpty)
    }

    @Test @MainActor func aPickerWithoutDataStillShowsAndTypesNothing() throws {
        let window = Window(size: Size(width: 400, height: 700))
        window.inputViewAnimation = .none
        let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
        window.addSubview(field)
        field.becomeFirstResponder()
        window.emojiPicker = EmojiPicker(catalog: EmojiCatalog(), recents: EmojiRecents(path: nil))
        #expect(window.showEmojiPicker(for: field))
        #expect(window.presentedInputView === window.emojiPicker)
        #expect(window.emojiPicker.shownEmoji.isEmpty)
        window.emojiPicker.search("coeur")
        #expect(window.emojiPicker.shownEmoji.isEmpty)
    }

    @Test func garbledCatalogLinesAreSkipped() {
        let text = """
            # group: Smileys & Emotion
            # subgroup: face-smiling
            1F600 ; fully-qualified # 😀 E1.0 grinning face
            ZZZZ ; fully-qualified # ? E1.0 nonsense
            110000 ; fully-qualified # ? E1.0 past Unicode
            1F603 ; unqualified # 😃 E0.6 grinning face with big eyes
            1F44D 1F3FD ; fully-qualified # 👍🏽 E1.0 orphan tone
            """
        let catalog = EmojiCatalog(parsing: Data(text.utf8))
        #expect(catalog.allEmoji.map(\.character) == ["😀"])
    }

    @Test(arguments: [Data("😀\n❤️\n".utf8), Data("not an emoji list\n".utf8), Data([0xC3, 0x28])])
    func aRecentsFileWithOtherTextIsIgnored(contents: Data) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("emoji-recent-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try contents.write(to: URL(fileURLWithPath: path))
        let expected = contents == Data("😀\n❤️\n".utf8) ? ["😀", "❤️"] : []
        #expect(EmojiRecents(path: path).emoji == expected)
    }
}
