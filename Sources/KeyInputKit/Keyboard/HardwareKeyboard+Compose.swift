import Foundation
import Logging
import XKB

extension HardwareKeyboard {
    /// Where a keyboard's compose table (dead keys, the Compose key) comes from.
    public enum Compose {
        /// The table of the environment's locale: the first of `LC_ALL`,
        /// `LC_CTYPE` and `LANG` that is set, as `keyinput` chooses it. A
        /// locale with no table falls back to en_US.UTF-8's, with a logged notice.
        case environment
        /// The table of this locale, such as `de_DE.UTF-8`; one with no table
        /// falls back to en_US.UTF-8's, with a logged notice.
        case locale(String)
        /// This table.
        case table(ComposeTable)
        /// No compose table: a dead key types its accent with the next key
        /// (`´` then `e` types `´e`; twice, or before a space, the accent alone).
        case none
    }
}

/// Locale compose tables, loaded once per locale and shared by every keyboard.
@MainActor
enum LocaleComposeTables {
    /// Where the notice about a missing locale table goes.
    static let logger = Logger(label: "KeyInputKit.HardwareKeyboard")
    private static var lookups: [String: ComposeTable.LocaleLookup] = [:]
    private static let context = try? Context(options: .noEnvironmentNames)

    /// The table a ``HardwareKeyboard/Compose`` choice stands for.
    static func table(for compose: HardwareKeyboard.Compose) -> ComposeTable? {
        switch compose {
        case .none: nil
        case .table(let table): table
        case .locale(let locale): lookUp(locale).table
        case .environment: lookUp(ComposeTable.environmentLocale(ProcessInfo.processInfo.environment)).table
        }
    }

    private static func lookUp(_ locale: String) -> ComposeTable.LocaleLookup {
        if let known = lookups[locale] { return known }
        let lookup = ComposeTable.lookUp(locale: locale) { name in
            guard let context else { throw XKBError(.composeTableUnavailable, "no XKB context") }
            return try ComposeTable(context: context, locale: name)
        }
        // Logged once per locale, when a keyboard first asks for it.
        if let notice = lookup.notice { logger.notice("\(notice)") }
        lookups[locale] = lookup
        return lookup
    }
}
