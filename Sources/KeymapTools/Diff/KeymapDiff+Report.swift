import XKB

extension KeymapDiff {
    /// The differences for reading: a section each for layouts, keys (in keyboard
    /// order, one line per change: `AC01 level 2: A → Q`), the modifier map and dead
    /// keys, then a one-line summary.
    ///
    /// - Returns: The lines, each ending with a newline.
    public func text() -> String {
        var output = ""
        if !layoutChanges.isEmpty {
            output += "Layouts:\n"
            for change in layoutChanges { output += "  \(change.what): \(change.before) → \(change.after)\n" }
        }
        if !keyChanges.isEmpty {
            output += "Keys:\n"
            for change in keyChanges { output += "  \(place(change)): \(change.before) → \(change.after)\n" }
        }
        if !modifierMapChanges.isEmpty {
            output += "Modifier map:\n"
            for change in modifierMapChanges {
                output += "  \(change.modifier): \(Self.keyList(change.before)) → \(Self.keyList(change.after))\n"
            }
        }
        if !deadKeyChanges.isEmpty {
            output += "Dead keys" + (composeLocale.map { " (compose table \($0))" } ?? "") + ":\n"
            for change in deadKeyChanges { output += "  \(change.keysym.name): \(Self.describe(change))\n" }
        }
        return output + summary() + "\n"
    }

    /// `differ in meaning: 5 keys (7 changes), 4 dead keys, 1 layout name`, or `no difference in meaning`.
    public func summary() -> String {
        guard !isEmpty else { return "no difference in meaning" }
        var parts: [String] = []
        let keys = Set(keyChanges.map(\.key)).count
        if keys > 0 { parts.append(Self.count(keys, "key") + " (" + Self.count(keyChanges.count, "change") + ")") }
        if !layoutChanges.isEmpty { parts.append(Self.count(layoutChanges.count, "layout difference")) }
        if !modifierMapChanges.isEmpty { parts.append(Self.count(modifierMapChanges.count, "modifier-map entry")) }
        if !deadKeyChanges.isEmpty { parts.append(Self.count(deadKeyChanges.count, "dead key")) }
        return "differ in meaning: " + parts.joined(separator: ", ")
    }

    /// The differences as one JSON object, without a newline:
    /// `{"a", "b", "same", "summary", "layouts":[{"what", "a", "b"}], "keys":[{"key", "kind",
    /// "group", "level", "a", "b", "keysymsA", "keysymsB", "textA", "textB"}],
    /// "modifierMap":[{"modifier", "a", "b"}], "deadKeys":[{"keysym", "typedA", "typedB",
    /// "lost":[{"after", "text"}], "gained":[…]}]}`; groups and levels count from 1.
    ///
    /// - Parameters:
    ///   - a: How the first keymap was named.
    ///   - b: How the second keymap was named.
    /// - Returns: The JSON text.
    public func json(a: String, b: String) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.string(a)
        writer.key("b")
        writer.string(b)
        writer.key("same")
        writer.bool(isEmpty)
        writer.key("summary")
        writer.string(summary())
        writer.key("layouts")
        writer.beginArray()
        for change in layoutChanges {
            writer.beginObject()
            writer.key("what")
            writer.string(change.what)
            writer.key("a")
            writer.string(change.before)
            writer.key("b")
            writer.string(change.after)
            writer.endObject()
        }
        writer.endArray()
        writer.key("keys")
        writer.beginArray()
        for change in keyChanges { write(change, to: &writer) }
        writer.endArray()
        writer.key("modifierMap")
        writer.beginArray()
        for change in modifierMapChanges {
            writer.beginObject()
            writer.key("modifier")
            writer.string(change.modifier)
            writer.key("a")
            writer.strings(change.before)
            writer.key("b")
            writer.strings(change.after)
            writer.endObject()
        }
        writer.endArray()
        writer.key("deadKeys")
        writer.beginArray()
        for change in deadKeyChanges {
            writer.beginObject()
            writer.key("keysym")
            writer.string(change.keysym.name)
            writer.key("typedA")
            writer.bool(change.typedBefore)
            writer.key("typedB")
            writer.bool(change.typedAfter)
            for (name, results) in [("lost", change.lost), ("gained", change.gained)] {
                writer.key(name)
                writer.beginArray()
                for result in results {
                    writer.beginObject()
                    writer.key("after")
                    writer.string(result.follower.name)
                    writer.key("text")
                    writer.string(result.text)
                    writer.endObject()
                }
                writer.endArray()
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.take()
    }

    private func write(_ change: KeyChange, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("key")
        writer.string(change.key)
        writer.key("kind")
        writer.string(change.kind.rawValue)
        if let group = change.group {
            writer.key("group")
            writer.number(group + 1)
        }
        if let level = change.level {
            writer.key("level")
            writer.number(level + 1)
        }
        writer.key("a")
        writer.string(change.before)
        writer.key("b")
        writer.string(change.after)
        if let keysyms = change.keysyms {
            writer.key("keysymsA")
            writer.strings(keysyms.before.map(\.name))
            writer.key("keysymsB")
            writer.strings(keysyms.after.map(\.name))
            writer.key("textA")
            writer.string(keysyms.before.map(\.text).joined())
            writer.key("textB")
            writer.string(keysyms.after.map(\.text).joined())
        }
        writer.endObject()
    }

    /// `TLDE level 1`, `AC01 group 2 level 3`, `CAPS press`.
    private func place(_ change: KeyChange) -> String {
        let group = change.group.map { showsGroups ? " group \($0 + 1)" : "" } ?? ""
        switch change.kind {
        case .keysyms: return change.key + group + " level \((change.level ?? 0) + 1)"
        case .levels: return change.key + group + " levels chosen"
        case .repeats: return change.key + " repeat"
        case .press: return change.key + " when pressed"
        case .presence: return change.key
        }
    }

    private static func describe(_ change: DeadKeyChange) -> String {
        var parts: [String] = []
        if change.typedBefore != change.typedAfter {
            parts.append(change.typedAfter ? "typed now" : "no key types it now")
        }
        if !change.lost.isEmpty { parts.append("no longer makes " + results(change.lost)) }
        if !change.gained.isEmpty { parts.append("now makes " + results(change.gained)) }
        return parts.joined(separator: "; ")
    }

    /// `â ê î (31)`: the first twelve texts, and how many there are.
    private static func results(_ list: [(follower: Keysym, text: String)]) -> String {
        let shown = list.prefix(12).map { $0.text.isEmpty ? $0.follower.name : $0.text }.joined(separator: " ")
        return list.count > 12 ? "\(shown) … (\(list.count))" : "\(shown) (\(list.count))"
    }

    private static func keyList(_ keys: [String]) -> String {
        keys.isEmpty ? "no keys" : keys.map { "<\($0)>" }.joined(separator: ", ")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : noun.hasSuffix("ry") ? "\(number) \(noun.dropLast())ies" : "\(number) \(noun)s"
    }
}
