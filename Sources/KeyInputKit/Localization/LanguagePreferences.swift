import Foundation

/// The languages a person asked for through the environment, as gettext reads them.
public struct LanguagePreferences: Equatable, Sendable {
    /// Locale identifiers, most wanted first (`fa_IR`, `de`).
    public let identifiers: [String]

    /// `LANGUAGE` (a colon-separated list) unless the locale is `C` or
    /// `POSIX`, then the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set.
    ///
    /// - Parameter environment: The variables; the process's by default.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> LanguagePreferences {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let stripped = locale.map(Self.strip)
        if stripped == "C" || stripped == "POSIX" { return LanguagePreferences(identifiers: []) }
        var identifiers = (environment["LANGUAGE"] ?? "").split(separator: ":").map { Self.strip(String($0)) }
        if let stripped { identifiers.append(stripped) }
        return LanguagePreferences(identifiers: identifiers.filter { !$0.isEmpty })
    }

    /// A POSIX locale name without its encoding and modifier: `fa_IR.UTF-8` → `fa_IR`.
    static func strip(_ name: String) -> String {
        String(name.prefix { $0 != "." && $0 != "@" })
    }

    /// The catalog tags that could serve a locale identifier, best first:
    /// `zh_TW` → `zh-Hant`, `zh`; `pt_BR` → `pt-Latn`, `pt`; `iw` → `he-Hebr`, `he`.
    static func candidates(for identifier: String) -> [String] {
        let language = Locale.Language(identifier: strip(identifier))
        // The likely script and the modern code (iw → he) come from the maximal form.
        let maximal = Locale.Language(identifier: language.maximalIdentifier)
        guard let code = (maximal.languageCode ?? language.languageCode)?.identifier.lowercased(), !code.isEmpty else {
            return []
        }
        var result: [String] = []
        if let script = (language.script ?? maximal.script)?.identifier { result.append(code + "-" + script) }
        result.append(code)
        return result
    }
}
