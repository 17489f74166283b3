import KeyInputKit

/// The object path of every node the bridge has named: ids handed out on
/// first use, held weakly, so a node that goes away leaves no path behind.
@MainActor
struct AccessibleObjectTable {
    static let prefix = "/org/a11y/atspi/accessible"
    static let rootPath = prefix + "/root"
    static let nullPath = "/org/a11y/atspi/null"

    private final class Entry {
        weak var node: (any Accessible)?
        init(_ node: any Accessible) { self.node = node }
    }

    private var ids: [ObjectIdentifier: Int] = [:]
    private var entries: [Int: Entry] = [:]
    private var nextID = 1

    /// The path of `node`, naming it now if it has none yet.
    mutating func path(of node: any Accessible) -> String {
        let key = ObjectIdentifier(node)
        if let id = ids[key], let entry = entries[id], entry.node === node { return "\(Self.prefix)/\(id)" }
        if entries.count > 64 && entries.count.isMultiple(of: 64) { forgetGoneNodes() }
        let id = nextID
        nextID += 1
        ids[key] = id
        entries[id] = Entry(node)
        return "\(Self.prefix)/\(id)"
    }

    /// The node at `path`, when it still exists.
    func node(at path: String) -> (any Accessible)? {
        guard path.hasPrefix(Self.prefix + "/"), let id = Int(path.dropFirst(Self.prefix.count + 1)) else { return nil }
        return entries[id]?.node
    }

    private mutating func forgetGoneNodes() {
        for (id, entry) in entries where entry.node == nil { entries[id] = nil }
        ids = ids.filter { entries[$0.value] != nil }
    }
}
