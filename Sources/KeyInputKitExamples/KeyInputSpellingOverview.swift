import KeyInputDisplay
import KeyInputSpelling

/// The KeyInputSpelling catalog's overview: spell checking on a display, where the host
/// installs the checker, and headless, where the app does.
///
/// - Throws: What opening the display throws.
@MainActor
package func keyInputSpellingOverviewExample(window: Window, field: TextField) throws {
    let host = try DisplayHost.open(for: window)    // application.spellChecker is set
    field.spellCheckingLanguages = ["de_DE"]         // or leave nil: the keyboard layout's language
    host.close()
}

/// The overview's headless case.
@MainActor
package func keyInputSpellingHeadlessExample(application: Application) {
    application.spellChecker = EnchantSpellChecker()
}
