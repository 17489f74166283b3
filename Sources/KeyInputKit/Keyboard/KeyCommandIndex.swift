import XKB

/// A responder's key commands, arranged so that a press finds the first one
/// it matches without matching each in turn.
///
/// The window asks a responder for ``Responder/keyCommands`` on every key
/// press; a text control offers about twenty, and a plain letter matches
/// none. The index keeps, per command, the few numbers that can rule it
/// out (its modifiers, the keysym it names, whether it may match by Latin
/// fallback or physical key), compares those first, and matches only the
/// commands left with ``KeyCommand/matches(_:)`` — in the array's order, so
/// the command found is the one a walk through the array would find.
///
/// An index belongs to one array: it keeps that array, so while it lives
/// the array's storage is not freed and reused, and the same storage means
/// the same commands (a changed array is a copy with storage of its own).
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

    /// The commands indexed, kept so that their storage stays theirs.
    let commands: [KeyCommand]
    private let entries: [Entry]

    /// Indexes `commands`.
    ///
    /// - Parameter commands: A responder's key commands.
    init(_ commands: [KeyCommand]) {
        self.commands = commands
        entries = commands.map { command in
            Entry(
                modifiers: command.modifiers.significant.rawValue,
                keysym: command.isCased ? command.lowercasedKeysym?.rawValue : command.keysym?.rawValue,
                isCased: command.isCased, hasPhysicalKey: command.hasPhysicalKey)
        }
    }

    /// Whether this is the index of `commands`: the very same array storage.
    ///
    /// - Parameter commands: Key commands just read from a responder.
    /// - Returns: `true` when the index describes them.
    func indexes(_ commands: [KeyCommand]) -> Bool {
        commands.count == self.commands.count
            && commands.withUnsafeBufferPointer { new in
                self.commands.withUnsafeBufferPointer { old in new.baseAddress == old.baseAddress }
            }
    }

    /// The first command, in the array's order, that `press` matches.
    ///
    /// - Parameter press: A key press.
    /// - Returns: The command's index in ``commands``, or `nil`.
    func firstMatch(for press: KeyPress) -> Int? {
        let held = press.modifiers.significant.rawValue
        // A command without Shift also matches when Shift chose a symbol (KeyCommand.matches).
        let heldWithoutShift = held & ~KeyModifierFlags.shift.rawValue
        let keysyms = press.keysyms
        // Keysyms lives in another module, where each access is a call: read a key's one keysym once.
        let single = keysyms.count == 1 ? keysyms.first : nil
        let latinFallback = press.latinFallback != nil
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
}
