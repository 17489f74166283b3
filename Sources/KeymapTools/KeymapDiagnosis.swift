import XKB

/// Says in words why RMLVO names did not give a keymap: the layout or
/// variant the keyboard registry does not know, with the nearest names it
/// does know.
public enum KeymapDiagnosis {
    /// The first layout or variant in `names` that the registry does not
    /// know, as a sentence with suggestions: `unknown layout "dee"; did you
    /// mean "de", "ee", "be"?`.
    ///
    /// - Parameters:
    ///   - names: The names that did not compile (defaults filled in as libxkbcommon does).
    ///   - includePaths: Folders searched before the system's, as for the keymap.
    /// - Returns: The sentence, or `nil` when every name is known (or the registry cannot be read).
    public static func unknownName(in names: RuleNames, includePaths: [String] = []) -> String? {
        guard let registry = try? Registry(includePaths: includePaths) else { return nil }
        let filled = names.filledIn()
        let layouts = filled.layouts
        let knownLayouts = registry.layoutNames
        for layout in layouts where !knownLayouts.contains(layout) {
            return "unknown layout \"\(layout)\"" + suggestion(NameSuggestions.nearest(to: layout, in: knownLayouts))
        }
        for (index, variant) in filled.variants.enumerated() where !variant.isEmpty && index < layouts.count {
            let known = registry.variants(of: layouts[index])
            if !known.contains(variant) {
                return "layout \"\(layouts[index])\" has no variant \"\(variant)\""
                    + (known.isEmpty ? "; it has no variants" : suggestion(NameSuggestions.nearest(to: variant, in: known)))
            }
        }
        return nil
    }

    /// `; did you mean "a", "b"?` for a list of names, or nothing for none.
    ///
    /// - Parameter names: The suggested names, nearest first.
    /// - Returns: The text to append to a message.
    public static func suggestion(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
    }
}
