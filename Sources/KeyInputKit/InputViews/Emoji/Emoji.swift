/// One emoji as Unicode's `emoji-test.txt` lists it: fully qualified, with
/// its English name, where it belongs, and its skin-tone variants.
public struct Emoji: Hashable, Sendable {
    /// The emoji, fully qualified (`❤️` is U+2764 U+FE0F).
    public var character: String
    /// Unicode's English name (`red heart`).
    public var name: String
    /// The index of its group in ``EmojiCatalog/groups``.
    public var group: Int
    /// Unicode's subgroup (`face-smiling`).
    public var subgroup: String
    /// The emoji with each skin tone (`👍🏻` … `👍🏿`), in Unicode's order; empty for most.
    public var skinTones: [String]

    /// Creates an emoji.
    ///
    /// - Parameters:
    ///   - character: The fully-qualified emoji.
    ///   - name: Its English name.
    ///   - group: The index of its group.
    ///   - subgroup: Its subgroup.
    ///   - skinTones: Its skin-tone variants.
    public init(character: String, name: String, group: Int = 0, subgroup: String = "", skinTones: [String] = []) {
        self.character = character
        self.name = name
        self.group = group
        self.subgroup = subgroup
        self.skinTones = skinTones
    }

    /// The emoji without variation selectors and skin-tone modifiers: how
    /// CLDR keys its annotations, and what ties a variant to its base.
    static func key(of scalars: some Sequence<Unicode.Scalar>) -> String {
        var key = String.UnicodeScalarView()
        for scalar in scalars where scalar.value != 0xFE0F && !(0x1F3FB...0x1F3FF).contains(scalar.value) {
            key.append(scalar)
        }
        return String(key)
    }

    /// Whether the scalars hold a skin-tone modifier (U+1F3FB…U+1F3FF).
    static func hasSkinTone(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.contains { (0x1F3FB...0x1F3FF).contains($0.value) }
    }
}
