import Foundation
import Testing

@testable import KeyInputKit

/// The catalog language for a locale or the environment, the catalogs read from the package's resources, and overrides.
@Suite(.serialized) struct ToolkitStringsTests {
    @Test("A locale picks its language, with the script where catalogs differ by it", arguments: [
        ("de_DE", "de"), ("de_AT", "de"), ("en_US", "en"), ("sw_KE", "en"), ("de_CH.UTF-8", "de"),
    ])
    func languageForLocale(identifier: String, expected: String) {
        #expect(ToolkitStrings.language(for: Locale(identifier: identifier)) == expected)
    }

    @Test func candidatesCarryTheScriptAndTheModernCode() {
        #expect(LanguagePreferences.candidates(for: "zh_TW") == ["zh-Hant", "zh"])
        #expect(LanguagePreferences.candidates(for: "zh_CN.UTF-8") == ["zh-Hans", "zh"])
        #expect(LanguagePreferences.candidates(for: "iw_IL") == ["he-Hebr", "he"])
        #expect(LanguagePreferences.candidates(for: "pt_BR@euro") == ["pt-Latn", "pt"])
    }

    @Test func environmentIsReadAsGettextReadsIt() {
        #expect(LanguagePreferences.fromEnvironment(["LANGUAGE": "fa:de", "LANG": "fr_FR.UTF-8"]).identifiers == ["fa", "de", "fr_FR"])
        #expect(LanguagePreferences.fromEnvironment(["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "ko_KR", "LANG": "fr_FR"]).identifiers == ["ja_JP"])
        #expect(LanguagePreferences.fromEnvironment(["LC_MESSAGES": "ko_KR", "LANG": "fr_FR"]).identifiers == ["ko_KR"])
        // gettext ignores LANGUAGE under the C locale.
        #expect(LanguagePreferences.fromEnvironment(["LANGUAGE": "de", "LANG": "C.UTF-8"]).identifiers == [])
        #expect(LanguagePreferences.fromEnvironment([:]).identifiers == [])
    }

    @Test func catalogsComeFromThePackageResources() {
        #expect(StringCatalogFiles.shared.folder != nil)
        #expect(ToolkitStrings.availableLanguages.contains("de"))
        #expect(ToolkitString.accessoryNext.localized(for: Locale(identifier: "de_DE")) == "Weiter")
        #expect(ToolkitString.accessoryNext.localized(for: Locale(identifier: "en_GB")) == "Next")
    }

    @Test func aMissingResourceFolderFallsBackToEnglish() {
        let none = StringCatalogFiles(folder: URL(fileURLWithPath: "/nonexistent/KeyInputKit_KeyInputKit.resources"))
        #expect(none.languages.isEmpty)
        #expect(none.read("de").isEmpty)
    }

    @Test func lowerCasedFolderNamesMapBackToTags() {
        #expect(StringCatalogFiles.canonical("zh-hant") == "zh-Hant")
        #expect(StringCatalogFiles.canonical("pt") == "pt")
    }

    /// Overrides are process-wide: this uses a title no other test reads (a text command's), so suites running alongside see no change.
    @Test func anAppOverridesAStringInOneLanguageOrAll() {
        let key = ToolkitString.textDocumentEnd
        let german = key.localized(for: Locale(identifier: "de_DE"))
        defer {
            ToolkitStrings.setOverride(nil, for: key)
            ToolkitStrings.setOverride(nil, for: key, language: "de")
        }
        ToolkitStrings.setOverride("Ganz ans Ende", for: key, language: "de")
        #expect(key.localized(for: Locale(identifier: "de_DE")) == "Ganz ans Ende")
        #expect(key.localized(for: Locale(identifier: "en_US")) == key.english)
        ToolkitStrings.setOverride("To the very end", for: key)
        #expect(key.localized(for: Locale(identifier: "en_US")) == "To the very end")
        #expect(key.localized(for: Locale(identifier: "de_DE")) == "Ganz ans Ende")
        ToolkitStrings.setOverride(nil, for: key, language: "de")
        #expect(key.localized(for: Locale(identifier: "de_DE")) == "To the very end")
        ToolkitStrings.setOverride(nil, for: key)
        #expect(key.localized(for: Locale(identifier: "de_DE")) == german)
    }

    @MainActor @Test func theAccessoryBarSpeaksTheWindowsLanguage() {
        let window = Window(size: Size(width: 400, height: 300))
        let bar = InputAccessoryBar()
        window.addSubview(bar)
        window.locale = Locale(identifier: "de_DE")
        window.layoutIfNeeded()
        bar.layoutIfNeeded()
        #expect(bar.nextButton.accessibilityLabel == "Weiter")
        #expect(bar.doneButton.title == "Fertig")
        window.locale = Locale(identifier: "en_US")
        bar.layoutIfNeeded()
        #expect(bar.doneButton.title == "Done")
    }

    @MainActor @Test func theDatePickerNamesItsFieldsInItsLocale() {
        let picker = DatePicker(mode: .date)
        picker.locale = Locale(identifier: "de_DE")
        let names = picker.fields.indices.compactMap { picker.accessibilityLabel(ofColumn: $0) }
        #expect(names == ["Tag", "Monat", "Jahr"])
        #expect(picker.keyHints.contains("Feld"))
    }
}
