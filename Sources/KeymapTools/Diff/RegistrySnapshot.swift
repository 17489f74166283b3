import Foundation
import XKB

/// Every layout and variant of the registry as its compiled keymap text, one
/// `NAME.xkb` file each in a folder (`de.xkb`, `de(nodeadkeys).xkb`), and the
/// comparison of today's keymaps with such a folder: drift after a system upgrade.
public enum RegistrySnapshot {
    /// How one layout or variant compares with its snapshot.
    public enum Outcome: Sendable {
        /// The keymap text is the same.
        case same
        /// The text differs, the meaning does not.
        case sameMeaning
        /// The meaning differs.
        case changed(KeymapDiff)
        /// In the registry, not in the snapshot.
        case added
        /// In the snapshot, no longer in the registry.
        case removed
        /// One side does not compile or cannot be read.
        case failed(String)
    }

    /// One layout or variant and how it compares.
    public struct Comparison: Sendable {
        /// `de`, `de(nodeadkeys)`.
        public var name: String
        /// How it compares.
        public var outcome: Outcome
    }

    /// The registry's layouts and variants as `de` and `de(nodeadkeys)`, in its order, each once.
    ///
    /// - Parameters:
    ///   - registry: The registry to read.
    ///   - layouts: Only these layouts and their variants; all when empty.
    /// - Returns: The names.
    public static func names(in registry: Registry, layouts: [String] = []) -> [String] {
        var seen = Set<String>()
        return registry.layouts.filter { layouts.isEmpty || layouts.contains($0.name) }.map(\.qualifiedName)
            .filter { seen.insert($0).inserted }
    }

    /// Writes each keymap's text to `folder`, creating it, on `threads` threads; a
    /// layout that does not compile (such as `custom`, for a file the user writes) is left out.
    ///
    /// - Parameters:
    ///   - names: The layouts and variants, as ``names(in:layouts:)`` gives them.
    ///   - folder: Where the `NAME.xkb` files go.
    ///   - rules: The rules the keymaps are compiled with.
    ///   - includePaths: Folders searched before the system's.
    ///   - threads: How many threads to run.
    /// - Returns: The names that did not compile, with their errors.
    /// - Throws: An error from the file system when the folder or a file cannot be written.
    public static func write(
        _ names: [String], to folder: String, rules: String = "evdev", includePaths: [String] = [], threads: Int
    ) throws -> [(name: String, error: String)] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let results = perform(names, threads: threads, includePaths: includePaths) { name, context -> Result<Bool, WriteError> in
            let keymap: Keymap
            do { keymap = try Keymap(context: context, names: ruleNames(name, rules: rules)) } catch {
                return .failure(WriteError(description: "\(error)", written: true))
            }
            let file = path(of: name, in: folder)
            guard FileManager.default.createFile(atPath: file, contents: Data(keymap.text.utf8)) else {
                return .failure(WriteError(description: "\(file): cannot be written", written: false))
            }
            return .success(true)
        }
        var failures: [(name: String, error: String)] = []
        for (name, result) in zip(names, results) {
            switch result {
            case .none: failures.append((name, "not compiled: no context"))
            case .some(.success): break
            case .some(.failure(let error)) where !error.written: throw error
            case .some(.failure(let error)): failures.append((name, error.description))
            }
        }
        return failures
    }

    /// Compares today's keymaps with the snapshot in `folder`, on `threads` threads.
    ///
    /// A keymap whose text equals its snapshot's is the same without further work;
    /// otherwise both are compiled and their meanings compared (``KeymapDiff``, without compose).
    ///
    /// - Parameters:
    ///   - names: Today's layouts and variants, as ``names(in:layouts:)`` gives them.
    ///   - folder: The snapshot.
    ///   - layouts: Only these layouts of the snapshot count as removed; all when empty.
    ///   - rules: The rules the keymaps are compiled with.
    ///   - includePaths: Folders searched before the system's.
    ///   - threads: How many threads to run.
    /// - Returns: Today's names in order, then the snapshot's names the registry no longer has.
    /// - Throws: An error from the file system when the folder cannot be listed.
    public static func compare(
        _ names: [String], with folder: String, layouts: [String] = [], rules: String = "evdev",
        includePaths: [String] = [], threads: Int
    ) throws -> [Comparison] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xkb") }
        let stored = Set(files.map { String($0.dropLast(4)) })
        let outcomes = perform(names, threads: threads, includePaths: includePaths) { name, context -> Outcome in
            compare(name, path: stored.contains(name) ? path(of: name, in: folder) : nil, rules: rules, context: context)
        }
        var comparisons = zip(names, outcomes).map { Comparison(name: $0, outcome: $1 ?? .failed("not compared: no context")) }
        let today = Set(names)
        for name in stored.sorted() where !today.contains(name) {
            let layout = String(name.prefix { $0 != "(" })
            if layouts.isEmpty || layouts.contains(layout) { comparisons.append(Comparison(name: name, outcome: .removed)) }
        }
        return comparisons
    }

    /// A layout that does not compile today and has no snapshot (`custom`) did not compile then either: the same.
    private static func compare(_ name: String, path: String?, rules: String, context: Context) -> Outcome {
        let current: Keymap
        do { current = try Keymap(context: context, names: ruleNames(name, rules: rules)) } catch {
            return path == nil ? .same : .failed("\(error)")
        }
        guard let path else { return .added }
        do {
            let text = current.text
            guard let data = FileManager.default.contents(atPath: path), let stored = String(data: data, encoding: .utf8) else {
                return .failed("\(path): cannot read the snapshot")
            }
            if stored == text { return .same }
            let old = try Keymap(context: context, text: stored, sourceName: path)
            let diff = KeymapDiff(from: KeymapMeaning(keymap: old), to: KeymapMeaning(keymap: current))
            return diff.isEmpty ? .sameMeaning : .changed(diff)
        } catch {
            return .failed("\(error)")
        }
    }

    /// A keymap file that could not be written (`written` false), or a keymap that did not compile.
    private struct WriteError: Error, CustomStringConvertible {
        var description: String
        var written: Bool
    }

    /// `de(nodeadkeys)` → layout `de`, variant `nodeadkeys`, model pc105, no options.
    static func ruleNames(_ name: String, rules: String) -> RuleNames {
        let layout = String(name.prefix { $0 != "(" })
        let variant = name.contains("(") ? String(name.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }) : ""
        return RuleNames(rules: rules, model: "pc105", layout: layout, variant: variant, options: "")
    }

    static func path(of name: String, in folder: String) -> String {
        (folder as NSString).appendingPathComponent(name + ".xkb")
    }

    /// Runs `work` on each name, `threads` at once, each thread with its own context; `nil`
    /// where a thread's context could not be made.
    private static func perform<T: Sendable>(
        _ names: [String], threads: Int, includePaths: [String], _ work: @Sendable @escaping (String, Context) -> T
    ) -> [T?] {
        ParallelMap.run(count: names.count, threads: threads, state: { try? Context(includePaths: includePaths) }) {
            context, index in context.map { work(names[index], $0) }
        }
    }
}
