import Foundation

extension TextInputTraits.ReturnKeyType {
    /// The label of the Return key in the language of `locale` ("Senden" for
    /// ``send`` in German); ``title`` is the English one.
    ///
    /// - Parameter locale: The locale of the window that shows the key, or `nil` for the environment's.
    public func localizedTitle(for locale: Locale?) -> String {
        guard let word = word else { return title }
        return word.localized(for: locale)
    }

    /// The catalog entry of the title; none for ``default``, drawn as ⏎.
    var word: ToolkitString? {
        switch self {
        case .default: nil
        case .go: .returnKeyGo
        case .google, .yahoo, .search: .returnKeySearch
        case .join: .returnKeyJoin
        case .next: .returnKeyNext
        case .route: .returnKeyRoute
        case .send: .returnKeySend
        case .done: .returnKeyDone
        case .emergencyCall: .returnKeyEmergencyCall
        case .continue: .returnKeyContinue
        }
    }
}
