import Foundation
import XKB

/// The languages keyboard layouts are for, from xkeyboard-config's registry,
/// and the locale's: where spell checking finds its language when the app names none.
@MainActor
enum KeyboardLayoutLanguages {
    /// The languages of the layout in use: the last attached keyboard's
    /// active layout, else the app's on-screen keyboard layout, else the
    /// system's configured layout (not one guessed from the locale or the built-in `us`).
    static func active(in application: Application?) -> [String]? {
        if let keyboard = application?.keyboards.last {
            let names = keyboard.keymap.layoutNames
            let index = keyboard.state.layout
            guard names.indices.contains(index) else { return nil }
            return byDescription[names[index]]
        }
        if let layout = application?.onScreenKeyboardLayout { return languages(of: layout) }
        return systemLayoutLanguages
    }

    /// The languages of a layout's first group, by its name and variant.
    static func languages(of layout: SystemKeyboardLayout) -> [String]? {
        guard let name = layout.names.layouts.first, let registry = SystemKeyboardLayout.systemRegistry else { return nil }
        let variant = layout.names.variants.first.flatMap { $0.isEmpty ? nil : $0 }
        let entry =
            registry.layouts.first { $0.name == name && $0.variant == variant }
            ?? registry.layouts.first { $0.name == name && $0.variant == nil }
        return entry?.languages
    }

    /// The system's configured layout's languages, read once.
    private static let systemLayoutLanguages: [String]? = {
        let layout = SystemKeyboardLayout.current()
        switch layout.source {
        case .environment, .defaultKeyboardFile: return languages(of: layout)
        case .locale, .fallback: return nil
        }
    }()

    /// The locale's language (`LC_ALL`, `LC_MESSAGES`, `LANG`), or none for `C` and `POSIX`.
    static var localeLanguages: [String] {
        guard let name = SystemKeyboardLayout.localeName(in: ProcessInfo.processInfo.environment),
            SpellingLanguage(name) != nil
        else { return [] }
        return [name]
    }

    /// Languages by the description a keymap names its layouts with (`German`).
    private static let byDescription: [String: [String]] = {
        var languages: [String: [String]] = [:]
        for layout in SystemKeyboardLayout.systemRegistry?.layouts ?? [] where languages[layout.description] == nil {
            languages[layout.description] = layout.languages
        }
        return languages
    }()
}
