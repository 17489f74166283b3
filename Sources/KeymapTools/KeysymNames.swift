import XKB

/// The names of every named keysym libxkbcommon knows, for "did you mean"
/// suggestions: libxkbcommon 1.5 lists none, so the value ranges that hold
/// named keysyms are read one by one (`xkb_keysym_get_name`).
public enum KeysymNames {
    /// Every name, in keysym order.
    public static let all: [String] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x0000...0xffff, 0x1000_ff00...0x1000_ffff, 0x1004_ff00...0x1004_ffff, 0x1005_ff00...0x1005_ffff,
            0x1006_ff00...0x1006_ffff, 0x1008_fe00...0x1008_ffff,
        ]
        return ranges.flatMap { range in
            range.compactMap { value -> String? in
                let name = Keysym(rawValue: value).name
                return name.hasPrefix("0x") || name.isEmpty ? nil : name
            }
        }
    }()

    /// The keysyms nearest to a name that is none: a match ignoring case first,
    /// then the nearest names by edit distance.
    ///
    /// - Parameter name: The unknown name.
    /// - Returns: Up to three names.
    public static func suggestions(for name: String) -> [String] {
        var found: [String] = []
        if let keysym = Keysym(name: name, caseInsensitive: true) { found.append(keysym.name) }
        for candidate in NameSuggestions.nearest(to: name, in: all) where !found.contains(candidate) {
            found.append(candidate)
        }
        return Array(found.prefix(3))
    }
}
