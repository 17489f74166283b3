import Foundation

extension Window {
    /// The catalog language of the window's own words (``ToolkitStrings/language(for:)`` of ``locale``).
    public var language: String { ToolkitStrings.language(for: locale) }

    /// Lays out and draws every view again, in the new language.
    func localeDidChange() { relayoutSubtree() }
}

extension View {
    /// One of the toolkit's words in the language of the view's window (else the environment's).
    func toolkitText(_ key: ToolkitString) -> String {
        key.localized(for: window?.locale)
    }
}
