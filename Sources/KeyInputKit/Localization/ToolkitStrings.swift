import Foundation
import Synchronization

/// The catalogs of the toolkit's own words, the language chosen for a
/// locale, and an app's replacements.
///
/// The catalogs are `<language>.lproj/Localizable.strings` files in the
/// package's resource folder (`KeyInputKit_KeyInputKit.resources`, which
/// SwiftPM places beside the program). Without that folder every text is
/// the English of ``ToolkitString/english``.
///
/// ```swift
/// ToolkitStrings.setOverride("Finished", for: .accessoryDone)  // every language
/// ToolkitStrings.setOverride("Fertig!", for: .accessoryDone, language: "de")
/// ```
public enum ToolkitStrings {
    /// Catalogs read so far and the app's replacements.
    private struct State {
        var catalogs: [String: [String: String]] = [:]
        /// Catalog languages chosen so far, by locale identifier ("" for the environment).
        var languages: [String: String] = [:]
        /// Replacements by key, then by language ("" for every language).
        var overrides: [ToolkitString: [String: String]] = [:]
    }

    private static let state = Mutex(State())

    /// The languages that have a catalog, as BCP 47 tags (`de`, `zh-Hant`), plus `en`.
    public static var availableLanguages: [String] {
        ["en"] + StringCatalogFiles.shared.languages.sorted()
    }

    /// The catalog language for a locale: its language with its script where
    /// catalogs differ by script (`zh-Hant` for `zh_TW`), else the language
    /// alone, else `en`. For `nil`, the environment's languages in the order
    /// gettext reads them (``LanguagePreferences/fromEnvironment()``).
    ///
    /// - Parameter locale: A view's or window's locale, or `nil`.
    public static func language(for locale: Locale?) -> String {
        let cacheKey = locale?.identifier ?? ""
        if let cached = state.withLock({ $0.languages[cacheKey] }) { return cached }
        let chosen = chooseLanguage(for: locale)
        state.withLock { $0.languages[cacheKey] = chosen }
        return chosen
    }

    private static func chooseLanguage(for locale: Locale?) -> String {
        language(among: locale.map { [$0.identifier] } ?? LanguagePreferences.fromEnvironment().identifiers)
    }

    /// The catalog language for the first of `identifiers` that has one (or is English), else `en`.
    static func language(among identifiers: [String]) -> String {
        let available = Set(StringCatalogFiles.shared.languages)
        for identifier in identifiers {
            for candidate in LanguagePreferences.candidates(for: identifier) where candidate == "en" || available.contains(candidate) {
                return candidate
            }
        }
        return "en"
    }

    /// The text of a key in a catalog language, the app's override first.
    ///
    /// - Parameters:
    ///   - key: The word or sentence.
    ///   - language: A language from ``language(for:)``.
    public static func text(_ key: ToolkitString, language: String) -> String {
        if let replacement = state.withLock({ $0.overrides[key].flatMap { $0[language] ?? $0[""] } }) {
            return replacement
        }
        guard language != "en" else { return key.english }
        return catalog(language)[key.rawValue] ?? key.english
    }

    /// Replaces one of the toolkit's texts; `nil` puts back the catalog's.
    ///
    /// A view shows the new text the next time it lays out or draws.
    ///
    /// - Parameters:
    ///   - text: The replacement, or `nil`.
    ///   - key: The text to replace.
    ///   - language: A catalog language (`de`, `zh-Hant`), or `nil` for every language.
    public static func setOverride(_ text: String?, for key: ToolkitString, language: String? = nil) {
        state.withLock { state in
            state.overrides[key, default: [:]][language ?? ""] = text
        }
    }

    /// Removes every replacement made with ``setOverride(_:for:language:)``.
    public static func removeAllOverrides() {
        state.withLock { $0.overrides.removeAll() }
    }

    /// A language's catalog, read once.
    static func catalog(_ language: String) -> [String: String] {
        if let cached = state.withLock({ $0.catalogs[language] }) { return cached }
        let read = StringCatalogFiles.shared.read(language)
        state.withLock { $0.catalogs[language] = read }
        return read
    }
}
