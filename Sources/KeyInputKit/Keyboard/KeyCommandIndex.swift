import XKB

/// A responder's key commands, arranged so that a press finds the first one
/// it matches without matching each in turn.
///
/// The window asks a responder for ``Responder/keyCommands`` on every key
/// press; a text control offers about twenty, and a plain letter matches
/// none. A filter first rules out most presses at once (no command with
/// these modifiers names a keysym like the press's); otherwise the index
/// compares, per command, the few numbers that can rule it out (its
/// modifiers, the keysym it names, whether it may match by Latin fallback
/// or physical key), and matches only the commands left with
/// ``KeyCommand/matches(_:)`` — in the array's order, so the command found
/// is the one a walk through the array would find.
///
/// An index stays valid while the commands keep their keys: it keeps, per
/// command, the object that stands for its key (which a new
/// ``KeyCommand/input``, ``KeyCommand/modifiers`` or
/// ``KeyCommand/physicalKey`` replaces) and compares those, not the array's
/// storage, on each press. Keeping the array would keep its actions, and an
/// action that calls the responder's own method would then keep the
/// responder alive.
final class KeyCommandIndex {
    /// What can rule a command out, worked out once.
    private struct Entry {
        /// The command's significant modifiers (``KeyModifierFlags/significant``).
        var modifiers: UInt32
        /// The keysym ``KeyCommand/input`` names, lower-cased when it is a letter; `nil` matches nothing.
        var keysym: UInt32?
        /// Whether the keysym is a letter, compared with the press's keysyms lower-cased.
        var isCased: Bool
        /// Whether the command names a physical key.
        var hasPhysicalKey: Bool
    }

    /// Each command's ``KeyCommand/keyIdentity``, held so that no other key reuses its address.
    private let keys: [AnyObject]
    private let entries: [Entry]
    private let filter: Filter

    /// Indexes `commands`.
    ///
    /// - Parameter commands: A responder's key commands.
    init(_ commands: [KeyCommand]) {
        keys = commands.map(\.keyIdentity)
        entries = commands.map { command in
            Entry(
                modifiers: command.modifiers.significant.rawValue,
                keysym: command.isCased ? command.lowercasedKeysym?.rawValue : command.keysym?.rawValue,
                isCased: command.isCased, hasPhysicalKey: command.hasPhysicalKey)
        }
        var filter = Filter()
        for entry in entries { filter.add(entry) }
        self.filter = filter
    }

    /// Whether this index describes `commands`: the same key identities (input, modifiers,
    /// physical key), in the same order.
    ///
    /// - Parameter commands: Key commands just read from a responder.
    /// - Returns: `true` when the index describes them.
    func indexes(_ commands: [KeyCommand]) -> Bool {
        guard commands.count == keys.count else { return false }
        // In place, by index: a copy of each command would retain its action and strings.
        return commands.withUnsafeBufferPointer { commands in
            keys.withUnsafeBufferPointer { keys in
                for index in commands.indices where commands[index].keyIdentity !== keys[index] { return false }
                return true
            }
        }
    }

    /// The first command, in the array's order, that `press` matches.
    ///
    /// - Parameters:
    ///   - press: A key press.
    ///   - commands: The commands this index describes (``indexes(_:)``).
    /// - Returns: The command's index in `commands`, or `nil`.
    func firstMatch(for press: KeyPress, in commands: [KeyCommand]) -> Int? {
        let held = press.modifiers.significant.rawValue
        // A command without Shift also matches when Shift chose a symbol (KeyCommand.matches).
        let heldWithoutShift = held & ~KeyModifierFlags.shift.rawValue
        let keysyms = press.keysyms
        // Keysyms lives in another module, where each access is a call: read a key's one keysym once.
        let single = keysyms.count == 1 ? keysyms.first : nil
        let latinFallback = press.latinFallback != nil
        guard filter.mayMatch(held: held, heldWithoutShift: heldWithoutShift, single, keysyms, latinFallback) else {
            return nil
        }
        return entries.withUnsafeBufferPointer { entries -> Int? in
            for index in entries.indices {
                let entry = entries[index]
                guard entry.modifiers == held || entry.modifiers == heldWithoutShift, let wanted = entry.keysym else {
                    continue
                }
                // The Latin fallback and the physical key need the modifiers exactly; the keysym is compared below.
                var mayMatch = entry.modifiers == held && (latinFallback || entry.hasPhysicalKey)
                if !mayMatch {
                    let names = { (keysym: Keysym) in (entry.isCased ? keysym.lowercased : keysym).rawValue == wanted }
                    mayMatch = if let single { names(single) } else { keysyms.contains(where: names) }
                }
                if mayMatch, commands[index].matches(press) { return index }
            }
            return nil
        }
    }

    /// The ``KeyCommand/keyIdentity`` of the first command, or `nil` when there are none.
    static func firstKey(of commands: [KeyCommand]) -> AnyObject? {
        commands.withUnsafeBufferPointer { $0.first?.keyIdentity }
    }

    /// The first command that `press` matches, each matched in turn, without an index.
    ///
    /// - Parameters:
    ///   - press: A key press.
    ///   - commands: Key commands.
    /// - Returns: The command's index in `commands`, or `nil`.
    static func firstMatch(for press: KeyPress, matchingInTurn commands: [KeyCommand]) -> Int? {
        // In place, by index: a copy of each command would retain its action and strings.
        commands.withUnsafeBufferPointer { commands in
            for index in commands.indices where commands[index].matches(press) { return index }
            return nil
        }
    }

    /// A quick no for most typing, before any command is looked at: for each combination of
    /// modifiers, the keysyms its commands name (hashed into 64 buckets, a bit each) and whether
    /// one of them may match by name (Latin fallback, physical key). A plain letter names no
    /// bucket of the commands without modifiers (Left, Home, Delete…) and is ruled out here.
    private struct Filter {
        /// Significant modifiers are Shift, Control, Alt and Super: bits 1 to 4.
        private static let combinations = 32
        /// Per combination: the buckets of keysyms compared as they are, and of letters compared lower-cased.
        private var exact = [UInt64](repeating: 0, count: combinations)
        private var folded = [UInt64](repeating: 0, count: combinations)
        /// Combinations with any command that can match (by Latin fallback), and with a physical key.
        private var named: UInt32 = 0
        private var physical: UInt32 = 0
        /// `false` once a command holds modifiers beyond the four: then every press is looked at.
        private var isUsable = true

        private static func bucket(_ keysym: UInt32) -> UInt64 { 1 << UInt64((keysym &* 0x9E37_79B1) >> 26) }

        mutating func add(_ entry: Entry) {
            guard let keysym = entry.keysym else { return }  // matches nothing
            guard entry.modifiers < Self.combinations else {
                isUsable = false
                return
            }
            let combination = Int(entry.modifiers)
            if entry.isCased {
                folded[combination] |= Self.bucket(keysym)
            } else {
                exact[combination] |= Self.bucket(keysym)
            }
            named |= 1 << entry.modifiers
            if entry.hasPhysicalKey { physical |= 1 << entry.modifiers }
        }

        /// Whether a command may match a press holding `held` (or, for a symbol that Shift chose,
        /// `heldWithoutShift`) with these keysyms; `single` is the only keysym when there is one.
        func mayMatch(
            held: UInt32, heldWithoutShift: UInt32, _ single: Keysym?, _ keysyms: Keysyms, _ latinFallback: Bool
        ) -> Bool {
            guard isUsable, held < Self.combinations else { return true }
            // The Latin fallback and the physical key need the modifiers exactly.
            if latinFallback ? named & (1 << held) != 0 : physical & (1 << held) != 0 { return true }
            return names(held, single, keysyms)
                || (heldWithoutShift != held && names(heldWithoutShift, single, keysyms))
        }

        /// Whether a command with these modifiers may name one of the keysyms.
        private func names(_ combination: UInt32, _ single: Keysym?, _ keysyms: Keysyms) -> Bool {
            let exact = exact[Int(combination)]
            let folded = folded[Int(combination)]
            guard exact | folded != 0 else { return false }
            let names = { (keysym: Keysym) in
                exact & Self.bucket(keysym.rawValue) != 0
                    || (folded != 0 && folded & Self.bucket(keysym.lowercased.rawValue) != 0)
            }
            return if let single { names(single) } else { keysyms.contains(where: names) }
        }
    }
}
