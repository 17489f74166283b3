#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Checks the keymap files a context's own folders hold for include loops,
/// absurd nesting and files that are not files, before libxkbcommon sees them.
///
/// libxkbcommon 1.5 follows includes with no limit: a symbols file that
/// includes itself overflows its stack (SIGSEGV), and a FIFO among the
/// files blocks it for ever. The installed xkeyboard-config tree is trusted;
/// every other include folder is walked, and every section in it followed
/// through the folders in search order, as the compiler would resolve it.
struct IncludeTree {
    /// Deeper nesting than this is refused; xkeyboard-config nests at most 5 deep.
    static let depthLimit = 32
    /// The installed keymap data, which needs no check.
    static let systemRoot = "/usr/share/X11/xkb"
    /// The component folders libxkbcommon compiles (geometry is skipped).
    static let kinds = ["keycodes", "types", "compat", "symbols"]

    private struct Node: Hashable {
        var path: String
        var kind: String
        var section: Int
    }

    private let searchPaths: [String]
    private var files: [String: IncludeStatements] = [:]
    private var heights: [Node: Int] = [:]
    private var chain: [(node: Node, line: Int)] = []

    init(searchPaths: [String]) {
        self.searchPaths = searchPaths
    }

    /// The folders of `searchPaths` that are not the installed tree.
    static func ownFolders(of searchPaths: [String]) -> [String] {
        let system = realPath(systemRoot)
        return searchPaths.filter { realPath($0) != system }
    }

    /// Walks every section of every file in the context's own folders.
    ///
    /// - Throws: ``XKBError`` (`includeRefused`) naming the file and
    ///   line of an include that loops or nests too deep, or a file that is
    ///   not a regular file or is over 16 MB.
    mutating func check() throws(XKBError) {
        for folder in Self.ownFolders(of: searchPaths) {
            // Rules files have no sections here, but a FIFO among them blocks the compiler too.
            for path in Self.filesUnder(folder + "/rules") { try Self.requireRegularFile(path) }
            for kind in Self.kinds {
                for path in Self.filesUnder(folder + "/" + kind) {
                    let statements = try parsed(path)
                    for (index, section) in statements.sections.enumerated() where section.kind == kind {
                        _ = try height(of: Node(path: path, kind: kind, section: index), line: 0)
                    }
                }
            }
        }
    }

    /// How many levels of includes hang below `node`, counting itself.
    private mutating func height(of node: Node, line: Int) throws(XKBError) -> Int {
        if let known = heights[node] {
            if chain.count + known > Self.depthLimit { throw tooDeep(closingAt: node, line: line) }
            return known
        }
        if chain.contains(where: { $0.node == node }) { throw loop(closingAt: node, line: line) }
        if chain.count >= Self.depthLimit { throw tooDeep(closingAt: node, line: line) }
        chain.append((node, line))
        defer { chain.removeLast() }
        var below = 0
        let section = files[node.path]!.sections[node.section]
        for include in section.includes {
            // What libxkbcommon cannot find it reports itself.
            guard let child = try resolve(include) else { continue }
            below = max(below, try height(of: child, line: include.line))
        }
        heights[node] = below + 1
        return below + 1
    }

    /// The section an include names, in the first folder whose file has it:
    /// libxkbcommon goes on to the next folder when a file lacks the section.
    private mutating func resolve(_ include: IncludeStatements.Include) throws(XKBError) -> Node? {
        guard !include.file.hasPrefix("/") else { return nil }
        for folder in searchPaths {
            let path = folder + "/" + include.kind + "/" + include.file
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if let index = try parsed(path).sectionIndex(named: include.section, kind: include.kind) {
                return Node(path: path, kind: include.kind, section: index)
            }
        }
        return nil
    }

    /// A file's sections, read once; a file that is not a regular file fails.
    private mutating func parsed(_ path: String) throws(XKBError) -> IncludeStatements {
        if let known = files[path] { return known }
        try Self.requireRegularFile(path)
        var bytes: [UInt8] = []
        do {
            bytes = try InputFile(path).read()
        } catch where error.reason == .tooLarge {
            throw XKBError(.includeRefused, error.message)
        } catch {
            // A file it cannot open libxkbcommon reports itself, if it needs it.
        }
        let statements = IncludeStatements(parsing: bytes)
        try KeycodeLimits.check(statements, source: path)
        files[path] = statements
        return statements
    }

    /// Fails for a FIFO, device, socket or folder where a keymap file should be.
    private static func requireRegularFile(_ path: String) throws(XKBError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return }
        let kind = info.st_mode & S_IFMT
        let what = kind == S_IFIFO ? "a FIFO" : kind == S_IFDIR ? "a folder" : "a device or socket"
        throw XKBError(.includeRefused, "\(path): is \(what), not a file; libxkbcommon would wait on it or fail to read it")
    }

    private func describe(_ node: Node) -> String {
        let name = files[node.path]?.sections[node.section].name ?? "default"
        return "\(node.path)(\(name))"
    }

    private func location(_ line: Int) -> String {
        guard let last = chain.last else { return "" }
        return "\(last.node.path):\(line): "
    }

    private func loop(closingAt node: Node, line: Int) -> XKBError {
        let start = chain.firstIndex { $0.node == node } ?? 0
        let members = chain[start...].map { describe($0.node) } + [describe(node)]
        let what = members.count == 2 ? "a section includes itself" : "an include loop"
        return XKBError(
            .includeRefused,
            "\(location(line))\(what): \(members.joined(separator: " → ")); libxkbcommon would recurse until it crashes")
    }

    private func tooDeep(closingAt node: Node, line: Int) -> XKBError {
        let names = chain.map { describe($0.node) } + [describe(node)]
        let shown = names.count > 6 ? names.prefix(3) + ["…"] + names.suffix(3) : names[...]
        return XKBError(
            .includeRefused,
            "\(location(line))includes nest more than \(Self.depthLimit) deep (\(shown.joined(separator: " → "))); "
                + "libxkbcommon would run out of stack")
    }

    /// Regular files and links under `folder`, a few levels deep, hidden ones left out.
    static func filesUnder(_ folder: String, depth: Int = 0) -> [String] {
        guard depth < 4, let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                found += filesUnder(path, depth: depth + 1)
            } else {
                found.append(path)
            }
        }
        return found.sorted()
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
