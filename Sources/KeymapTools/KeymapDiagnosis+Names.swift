import XKB

extension KeymapDiagnosis {
    /// The most layouts one XKB keymap holds (groups 1–4).
    public static let maximumLayouts = 4

    /// What RMLVO names say that libxkbcommon would drop without a word: variants with no
    /// layout to belong to, more layouts than a keymap holds, more variants than layouts.
    ///
    /// - Parameter names: The names as given (before defaults are filled in).
    /// - Returns: A sentence saying what would be lost, or `nil` when nothing would be.
    public static func droppedName(in names: RuleNames) -> String? {
        let layouts = names.layouts.filter { !$0.isEmpty }, variants = names.variants
        let givesVariant = variants.contains { !$0.isEmpty }
        if givesVariant, layouts.isEmpty {
            return "variant \"\(names.variant ?? "")\" needs a layout: variants are chosen per layout, such as layout us with variant intl"
        }
        if layouts.count > maximumLayouts {
            return "\(layouts.count) layouts (\(names.layout ?? "")): a keymap holds at most \(maximumLayouts); "
                + "\"\(layouts.dropFirst(maximumLayouts).joined(separator: ","))\" would be dropped"
        }
        if givesVariant, variants.count > max(layouts.count, 1) {
            return "\(variants.count) variants (\(names.variant ?? "")) for \(layouts.count) layout\(layouts.count == 1 ? "" : "s"): "
                + "one variant per layout, in the same order"
        }
        return nil
    }

    /// What the registry says of names that compiled: an option libxkbcommon did not
    /// recognise (an error: the keymap is not what was asked), and variants and a model the
    /// registry does not list (warnings: the rules may still know them).
    ///
    /// - Parameters:
    ///   - keymap: The keymap compiled from `names`.
    ///   - names: The names as given.
    ///   - includePaths: Folders searched before the system's, as for the keymap.
    /// - Returns: The error, if any, and the warnings.
    public static func check(_ keymap: Keymap, names: RuleNames, includePaths: [String] = []) -> (
        error: String?, warnings: [String]
    ) {
        let ignored = keymap.warnings.lazy.compactMap { message -> String? in
            guard message.text.contains("Unrecognized RMLVO option") else { return nil }
            return message.text.split(separator: "\"").dropFirst().first.map(String.init)
        }.first
        let givesVariant = names.variant.map { !$0.isEmpty } ?? false
        let givesModel = names.model.map { !$0.isEmpty } ?? false
        guard ignored != nil || givesVariant || givesModel else { return (nil, []) }
        let registry = try? Registry(includePaths: includePaths)
        if let option = ignored {
            let known = registry?.options.map(\.name) ?? []
            return ("unknown option \"\(option)\"" + suggestion(NameSuggestions.nearest(to: option, in: known)), [])
        }
        guard let registry else { return (nil, []) }
        var warnings: [String] = []
        if givesVariant {
            let filled = names.filledIn()
            for (index, name) in filled.variants.enumerated() where !name.isEmpty && index < filled.layouts.count {
                let layout = filled.layouts[index]
                if !registry.variants(of: layout).contains(name) {
                    warnings.append(
                        "layout \"\(layout)\" has no variant \"\(name)\" in the keyboard registry; "
                            + "libxkbcommon compiled the symbols section of that name, which may define only a few keys")
                }
            }
        }
        if let model = names.model, givesModel, !registry.models.contains(where: { $0.name == model }) {
            warnings.append(
                "model \"\(model)\" is not in the keyboard registry; the rules' defaults apply"
                    + suggestion(NameSuggestions.nearest(to: model, in: registry.models.map(\.name))))
        }
        return (nil, warnings)
    }
}
