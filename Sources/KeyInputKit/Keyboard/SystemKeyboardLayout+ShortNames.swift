import XKB

extension SystemKeyboardLayout {
    /// The short label xkeyboard-config gives a layout, for a layout-switch key.
    ///
    /// Keymaps name their layouts for people, the way
    /// ``Keymap/layoutNames`` reports them (`xkb_keymap_layout_get_name`):
    /// `German`, `Russian (phonetic)`. This finds the registry entry with that
    /// description and returns its brief: `de`, `ru`. The registry is read once.
    ///
    /// - Parameter description: A layout's name as a keymap reports it.
    /// - Returns: The brief, or `nil` when no registry layout has that description.
    public static func shortName(forLayoutDescription description: String) -> String? {
        briefsByDescription[description]
    }

    /// A short label for each layout of a keymap, such as `["en", "ru"]`.
    ///
    /// - Parameter keymap: A keymap, such as an attached keyboard's.
    /// - Returns: ``shortName(forLayoutDescription:)`` of each of its layouts,
    ///   or the layout's own name where the registry has none.
    public static func shortNames(of keymap: Keymap) -> [String] {
        keymap.layoutNames.map { shortName(forLayoutDescription: $0) ?? $0 }
    }

    /// The system registry's briefs by description, built at first use.
    private static let briefsByDescription: [String: String] = {
        guard let registry = systemRegistry else { return [:] }
        var briefs: [String: String] = [:]
        for layout in registry.layouts where briefs[layout.description] == nil {
            briefs[layout.description] = brief(of: layout)
        }
        return briefs
    }()

    /// A label per layout of `names`: the registry's brief for the variant,
    /// else for the layout, else the layout's name.
    static func shortNames(for names: RuleNames, in registry: Registry?) -> [String] {
        let variants = names.variants
        return names.layouts.enumerated().map { index, layout in
            let variant = index < variants.count && !variants[index].isEmpty ? variants[index] : nil
            let entry = registry?.layouts.first { $0.name == layout && $0.variant == variant }
            return entry.flatMap { brief(of: $0) } ?? layout
        }
    }

    /// A registry entry's brief (libxkbregistry gives a variant without one its layout's), else its layout's name.
    private static func brief(of layout: Registry.Layout) -> String {
        if let brief = layout.brief, !brief.isEmpty { return brief }
        return layout.name
    }
}
