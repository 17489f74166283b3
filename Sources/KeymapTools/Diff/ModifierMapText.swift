/// The modifier map as `xkb_keymap_get_as_string` writes it, one
/// `modifier_map Mod5 { <LVL3>, <MDSW> };` a line: libxkbcommon 1.5 has no accessor for it.
enum ModifierMapText {
    /// Each real modifier's key names, sorted.
    static func read(_ text: String) -> [String: [String]] {
        var map: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let statement = line.drop { $0 == " " || $0 == "\t" }
            guard statement.hasPrefix("modifier_map ") else { continue }
            let modifier = String(statement.dropFirst("modifier_map ".count).prefix { $0 != " " && $0 != "{" })
            let keys = statement.split(separator: "<").dropFirst().compactMap { $0.split(separator: ">").first.map(String.init) }
            map[modifier, default: []] += keys
        }
        return map.mapValues { $0.sorted() }
    }
}
