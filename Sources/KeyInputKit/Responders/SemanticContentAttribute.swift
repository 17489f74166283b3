/// How a view's contents relate to the layout direction, as UIKit's
/// `UISemanticContentAttribute`: whether they follow the language or keep
/// one direction whatever it is.
///
/// Set it on a view with ``View/semanticContentAttribute``; a forced
/// direction holds for the view and every view inside it that does not force
/// one of its own (``View/effectiveUserInterfaceLayoutDirection``).
public enum SemanticContentAttribute: Hashable, Sendable {
    /// The view follows its superview, and at the top, its window (the default).
    case unspecified
    /// Playback controls (play, rewind, fast-forward): left to right in every language.
    case playback
    /// Controls of a direction on screen, such as a direction pad: left to right in every language.
    case spatial
    /// Left to right whatever the language.
    case forceLeftToRight
    /// Right to left whatever the language.
    case forceRightToLeft

    /// The direction the attribute forces, or `nil` for ``unspecified``.
    public var forcedDirection: UserInterfaceLayoutDirection? {
        switch self {
        case .unspecified: nil
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }
}
