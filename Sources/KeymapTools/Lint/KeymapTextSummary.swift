/// What `xkb_keymap_get_as_string` says that libxkbcommon 1.5's API does not:
/// key types' modifiers, keys' explicit types and virtual modifiers, the
/// interpretations that give keys virtual modifiers, and the modifier map.
///
/// It reads the normalised text libxkbcommon writes (``XKB/Keymap/text``), one
/// statement a line, not arbitrary keymap source.
struct KeymapTextSummary {
    /// Real and virtual modifier names each key type looks at, by type name.
    var typeModifiers: [String: [String]] = [:]
    /// A key's explicit type per group (`nil` where libxkbcommon chose it), by key name.
    var keyTypes: [String: [Int: String]] = [:]
    /// A key's explicit virtual modifiers (`virtualMods=`), by key name.
    var keyVirtualModifiers: [String: [String]] = [:]
    /// Interpretations that give a virtual modifier: keysym name, modifier, first level only.
    var interprets: [(keysym: String, modifier: String, levelOneOnly: Bool)] = []
    /// The modifier map: real modifier name to key names, in order.
    var modifierMap: [(modifier: String, keys: [String])] = []

    /// Reads a keymap's normalised text.
    init(text: String) {
        var section = ""
        var currentType: String?
        var currentKey: String?
        var interpret: (keysym: String, modifier: String?, levelOneOnly: Bool)?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.trimmingWhitespace
            if line.hasPrefix("xkb_") { section = String(line.prefix { $0 != " " }); continue }
            switch section {
            case "xkb_types":
                if line.hasPrefix("type \"") {
                    currentType = line.between("\"", "\"")
                } else if let type = currentType, line.hasPrefix("modifiers=") {
                    typeModifiers[type] = Self.modifierList(line.dropFirst("modifiers=".count))
                } else if line == "};" {
                    currentType = nil
                }
            case "xkb_compatibility":
                if line.hasPrefix("interpret ") {
                    let head = line.dropFirst("interpret ".count)
                    interpret = (String(head.prefix { $0 != "+" && $0 != " " && $0 != "{" }), nil, false)
                } else if interpret != nil, line.hasPrefix("virtualModifier=") {
                    interpret?.modifier = Self.value(line)
                } else if interpret != nil, line.hasPrefix("useModMapMods=") {
                    interpret?.levelOneOnly = line.contains("level1")
                } else if line == "};", let done = interpret {
                    if let modifier = done.modifier { interprets.append((done.keysym, modifier, done.levelOneOnly)) }
                    interpret = nil
                }
            case "xkb_symbols":
                if line.hasPrefix("key <") {
                    let name = line.between("<", ">") ?? ""
                    currentKey = name
                    readKeyAttributes(line, key: name)
                    if line.hasSuffix("};") { currentKey = nil }
                } else if line.hasPrefix("modifier_map ") {
                    let modifier = String(line.dropFirst("modifier_map ".count).prefix { $0 != " " && $0 != "{" })
                    let keys = line.split(separator: "<").dropFirst().compactMap { $0.split(separator: ">").first.map(String.init) }
                    modifierMap.append((modifier, keys))
                } else if let key = currentKey {
                    readKeyAttributes(line, key: key)
                    if line == "};" { currentKey = nil }
                }
            default:
                break
            }
        }
    }

    /// `type= "X"`, `type[Group2]= "X"` and `virtualMods= A+B` in a key's block.
    private mutating func readKeyAttributes(_ line: Substring, key: String) {
        for part in line.split(separator: ",") {
            let item = part.trimmingWhitespace.drop { $0 == "{" || $0 == " " || $0 == "\t" }
            if item.hasPrefix("type") && item.contains("=") {
                var group = 0
                if item.hasPrefix("type[Group"), let digit = item.dropFirst("type[Group".count).first?.wholeNumberValue {
                    group = digit - 1
                }
                if let name = item.between("\"", "\"") { keyTypes[key, default: [:]][group] = name }
            } else if item.hasPrefix("virtualMods=") || item.hasPrefix("vmods=") {
                keyVirtualModifiers[key] = Self.modifierList(item.drop { $0 != "=" }.dropFirst())
            }
        }
    }

    private static func value(_ line: Substring) -> String {
        String(line.drop { $0 != "=" }.dropFirst().trimmingWhitespace.prefix { $0 != ";" && $0 != "," })
    }

    private static func modifierList(_ text: Substring) -> [String] {
        text.prefix { $0 != ";" && $0 != "," }.split(separator: "+").map { String($0.trimmingWhitespace) }
            .filter { !$0.isEmpty && $0 != "none" }
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// The text between the first `open` and the next `close`.
    func between(_ open: Character, _ close: Character) -> String? {
        guard let start = firstIndex(of: open) else { return nil }
        let rest = self[index(after: start)...]
        guard let end = rest.firstIndex(of: close) else { return nil }
        return String(rest[..<end])
    }
}
