import Foundation
import KeymapTools
import TestSupport
import Testing

/// The `covers` assertion of `.keytest` files.
@Suite struct KeyTestCoversTests {
    func run(_ text: String) throws -> [KeyTestResult] {
        let folder = try TemporaryFolder()
        return KeyTestRunner().run(file: try folder.write("languages.keytest", text))
    }

    @Test func aLayoutThatTypesItsLanguagesPasses() throws {
        let results = try run(
            """
            keymap layout=de
            covers
            covers deu
            """)
        #expect(results.count == 2)
        #expect(results.allSatisfy { $0.passed }, "\(results.compactMap(\.failure))")
    }

    @Test func aMissingLetterFailsWithItsFileLineAndLetters() throws {
        let results = try run(
            """
            keymap layout=fr
            compose en_US.UTF-8
            # the registry says fr is for French
            covers
            """)
        let result = try #require(results.first)
        #expect(result.line == 4)
        #expect(result.file.hasSuffix("languages.keytest"))
        #expect(result.failure == "French (fra → fr) cannot type œ Œ")
    }

    @Test func anUnknownCodeIsASyntaxErrorWithASuggestion() throws {
        let results = try run(
            """
            keymap layout=fr
            covers frx
            """)
        let failure = try #require(results.first?.failure)
        #expect(results.first?.line == 2)
        #expect(failure.contains("unknown language code \"frx\"") && failure.contains("\"fr\""), "\(failure)")
    }

    /// The repository's keymaps/esperanto-us.xkb.
    let esperantoKeymap = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("keymaps/esperanto-us.xkb").path

    @Test func aKeymapFileMustNameItsLanguages() throws {
        let results = try run(
            """
            keymap file=\(esperantoKeymap)
            covers
            covers epo
            """)
        #expect(results.count == 2)
        #expect(results[0].failure?.contains("names no languages") == true)
        #expect(results[1].passed, "\(results[1].failure ?? "")")
    }

    @Test func languagesWithoutDataCheckNothingAndSaySo() throws {
        let results = try run(
            """
            keymap layout=ma variant=tifinagh
            covers
            """)
        #expect(results.first?.failure?.contains("no CLDR letters for ber") == true, "\(results)")
    }
}
