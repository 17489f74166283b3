import XKB

/// Checks a Compose file (the `~/.XCompose` format) against a keymap and the
/// system's table: `keyinput compose check`.
///
/// The file is read by ``ComposeFile``; then libxkbcommon builds the table the
/// file makes (its lines, with each include that resolves) and every sequence
/// is fed to it, so what is reported as unusable is what libxkbcommon does.
public enum ComposeCheck {
    /// Checks a Compose file.
    ///
    /// - Parameters:
    ///   - path: The file's name, for findings and relative-include hints.
    ///   - bytes: Its contents.
    ///   - guide: The keymap's typing guide: which keysyms some key types.
    ///   - resolver: Expands `%L`, `%H`, `%S` and finds included files.
    /// - Returns: The findings, in line order.
    public static func run(file path: String, bytes: [UInt8], guide: TypingGuide, resolver: ComposeIncludeResolver) -> [ComposeFinding] {
        let file = ComposeFile(bytes: bytes)
        var findings: [ComposeFinding] = []
        func add(_ kind: ComposeFinding.Kind, _ severity: ComposeFinding.Severity, _ line: Int?, _ message: String) {
            findings.append(ComposeFinding(kind, severity, file: path, line: line, message))
        }
        for problem in file.problems {
            add(problem.isUnknownKeysym ? .unknownKeysym : .malformed, .error, problem.line, problem.message + "; libxkbcommon skips the line")
        }

        // Includes: which resolve, and whether the system's table is among them.
        let systemFile = resolver.localeFile()
        var resolved: [Int: String] = [:]
        for include in file.includes {
            switch resolver.resolve(include.path, from: path) {
            case .success(let target): resolved[include.line] = target
            case .failure(let error):
                add(.includeNotFound, .error, include.line, "include \"\(include.path)\" resolves nowhere: \(error.message); libxkbcommon loads none of this file's sequences")
            }
        }
        let includesSystem = systemFile.map { system in resolved.values.contains { standardized($0) == standardized(system) } } ?? false
        if !includesSystem, !file.entries.isEmpty {
            add(.systemTableOff, .note, nil, "the file does not include \"%L\", so the system's own sequences are off while it is in use")
        }

        // Keysyms no key types.
        for entry in file.entries {
            let missing = entry.sequence.filter { guide.chord(for: $0) == nil }
            guard !missing.isEmpty else { continue }
            var unique: [Keysym] = []
            for keysym in missing where !unique.contains(keysym) { unique.append(keysym) }
            var message = "\(entry.sequenceDescription): no key of the layout types \(unique.map(\.name).joined(separator: ", "))"
            if unique.contains(.multiKey) { message += " (give a Compose key, such as --options compose:ralt)" }
            add(.cannotType, .error, entry.line, message)
        }

        // Duplicates within the file.
        var firstLine: [[Keysym]: ComposeFile.Entry] = [:]
        var redefined: Set<Int> = []
        for entry in file.entries {
            if let earlier = firstLine[entry.sequence] {
                redefined.insert(earlier.line)
                if sameResult(earlier, entry) {
                    add(.duplicate, .warning, entry.line, "\(entry.sequenceDescription) repeats line \(earlier.line)")
                } else {
                    add(.duplicate, .warning, entry.line, "\(entry.sequenceDescription) is already on line \(earlier.line): \(earlier.resultDescription) → \(entry.resultDescription); this line wins")
                }
            }
            firstLine[entry.sequence] = entry
        }

        // What libxkbcommon makes of the file and its includes: line numbers kept, bad lines left out.
        let context = guide.keymap.context
        let system = includesSystem ? systemFile.flatMap { try? ComposeTable(context: context, contentsOfFile: $0, locale: resolver.locale) } : nil
        guard let table = try? ComposeTable(context: context, text: rebuiltText(file, resolved: resolved), locale: resolver.locale, sourceName: path)
        else { return findings.sorted(by: order) }
        let bySequence = Dictionary(file.entries.map { ($0.sequence, $0) }, uniquingKeysWith: { _, later in later })
        for entry in file.entries {
            switch feed(entry.sequence, to: table) {
            case .composedEarly(let length, _):
                let prefix = Array(entry.sequence.prefix(length))
                let shorter = bySequence[prefix].map { "line \($0.line)'s \($0.sequenceDescription)" }
                    ?? (system.map { feed(prefix, to: $0) }.flatMap { if case .composed = $0 { "the system's \(describe(prefix))" } else { nil } })
                    ?? "an included \(describe(prefix))"
                add(.neverCompletes, .error, entry.line, "\(entry.sequenceDescription) never completes: \(shorter) completes first")
            case .stillComposing:
                let longer = file.entries.first { $0.sequence.count > entry.sequence.count && Array($0.sequence.prefix(entry.sequence.count)) == entry.sequence }
                let which = longer.map { "line \($0.line)'s \($0.sequenceDescription)" } ?? "a longer included sequence"
                add(.neverCompletes, .error, entry.line, "\(entry.sequenceDescription) never completes: libxkbcommon keeps \(which), which starts with it")
            case .composed(let text, let keysym):
                if !matches(entry, text: text, keysym: keysym), !redefined.contains(entry.line) {
                    add(.duplicate, .warning, entry.line, "\(entry.sequenceDescription) is redefined by a later include: \(entry.resultDescription) → \(text.debugDescription)")
                    continue
                }
                guard let system, !redefined.contains(entry.line) else { continue }
                switch feed(entry.sequence, to: system) {
                case .composed(let old, let oldKeysym):
                    if matches(entry, text: old, keysym: oldKeysym) {
                        add(.overridesSystem, .note, entry.line, "\(entry.sequenceDescription) repeats the system's \(old.debugDescription)")
                    } else {
                        add(.overridesSystem, .warning, entry.line, "\(entry.sequenceDescription) overrides the system's: \(old.debugDescription) → \(entry.resultDescription)")
                    }
                case .composedEarly(let length, let old):
                    add(.overridesSystem, .warning, entry.line, "\(entry.sequenceDescription) takes the place of the system's shorter \(describe(Array(entry.sequence.prefix(length)))): \(old.debugDescription) no longer types")
                case .stillComposing:
                    add(.overridesSystem, .warning, entry.line, "\(entry.sequenceDescription) takes the place of the system's longer sequences that start with it")
                case .notComposed:
                    break
                }
            case .notComposed:
                break
            }
        }
        return findings.sorted(by: order)
    }

    /// Where feeding a sequence to a table ends.
    enum Outcome {
        /// Composed at the last keysym.
        case composed(String, Keysym)
        /// Composed before the last keysym: after `length` keysyms.
        case composedEarly(length: Int, String)
        /// Still waiting for more after the last keysym.
        case stillComposing
        /// Cancelled, or never started.
        case notComposed
    }

    static func feed(_ sequence: [Keysym], to table: ComposeTable) -> Outcome {
        let state = ComposeState(table: table)
        for (index, keysym) in sequence.enumerated() {
            state.feed(keysym)
            switch state.status {
            case .composed:
                return index == sequence.count - 1 ? .composed(state.text, state.keysym) : .composedEarly(length: index + 1, state.text)
            case .composing: continue
            case .cancelled, .nothing: return .notComposed
            }
        }
        return .stillComposing
    }

    /// The file as libxkbcommon should read it: good lines as written, includes by their resolved path, others blank.
    static func rebuiltText(_ file: ComposeFile, resolved: [Int: String]) -> String {
        var lines: [Int: String] = [:]
        for entry in file.entries { lines[entry.line] = entry.source }
        for (line, path) in resolved {
            lines[line] = "include \"" + path.replacingPercents() + "\""
        }
        let last = lines.keys.max() ?? 0
        return (0..<last).map { lines[$0 + 1] ?? "" }.joined(separator: "\n") + "\n"
    }

    static func matches(_ entry: ComposeFile.Entry, text: String, keysym: Keysym) -> Bool {
        if let wanted = entry.text { return wanted == text }
        return entry.keysym == keysym
    }

    static func sameResult(_ a: ComposeFile.Entry, _ b: ComposeFile.Entry) -> Bool { a.text == b.text && a.keysym == b.keysym }

    static func describe(_ sequence: [Keysym]) -> String { sequence.map { "<\($0.name)>" }.joined(separator: " ") }

    static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func order(_ a: ComposeFinding, _ b: ComposeFinding) -> Bool { (a.line ?? 0, a.severity) < (b.line ?? 0, b.severity) }
}

extension String {
    /// The path with `%` doubled, as an include line must write it.
    fileprivate func replacingPercents() -> String { split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") }
}
