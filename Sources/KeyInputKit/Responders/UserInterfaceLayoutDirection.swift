import Foundation
import Synchronization

/// Which way a view's contents run: left to right (English, German) or right
/// to left (Arabic, Hebrew, Persian), as UIKit's `UIUserInterfaceLayoutDirection`.
///
/// A view reads its own from ``View/effectiveUserInterfaceLayoutDirection``;
/// a window takes it from ``Window/layoutDirection``, else from its locale's
/// language, else from the environment's.
public enum UserInterfaceLayoutDirection: Hashable, Sendable {
    /// The first item is on the left.
    case leftToRight
    /// The first item is on the right: columns, toolbars and text run leftwards.
    case rightToLeft

    /// The direction of a locale's language: right to left for Arabic,
    /// Hebrew, Persian, Urdu and the other languages written that way.
    ///
    /// - Parameter locale: The locale, such as `ar_EG` or `en_US`.
    public init(locale: Locale) {
        self.init(languageIdentifier: locale.identifier)
    }

    /// The direction of the language a locale identifier names (`fa_IR`,
    /// `he`, `ar_EG.UTF-8`); left to right when it names none.
    ///
    /// - Parameter identifier: A locale identifier or POSIX locale name.
    public init(languageIdentifier identifier: String) {
        self = LayoutDirectionCache.direction(of: LanguagePreferences.strip(identifier))
    }

    /// The direction of the language the environment asks for first
    /// (`LANGUAGE`, else `LC_ALL`, `LC_MESSAGES`, `LANG`); left to right
    /// when none is set or the locale is `C`. Read once, at first use.
    public static let environment = UserInterfaceLayoutDirection(
        languageIdentifier: LanguagePreferences.fromEnvironment().identifiers.first ?? "")
}

/// Directions already worked out, by identifier: ICU is asked once per language.
private enum LayoutDirectionCache {
    private static let known = Mutex<[String: UserInterfaceLayoutDirection]>([:])

    static func direction(of identifier: String) -> UserInterfaceLayoutDirection {
        if let cached = known.withLock({ $0[identifier] }) { return cached }
        let rightToLeft = !identifier.isEmpty && Locale.Language(identifier: identifier).characterDirection == .rightToLeft
        let direction: UserInterfaceLayoutDirection = rightToLeft ? .rightToLeft : .leftToRight
        known.withLock { $0[identifier] = direction }
        return direction
    }
}
