import Foundation

/// Expands and finds the files of Compose `include` lines, as libxkbcommon
/// does: `%H` is `$HOME`, `%L` the locale's Compose file (named in the
/// system's `compose.dir`), `%S` the system's locale folder, `%%` a percent
/// sign; a relative path is opened from the current directory.
public struct ComposeIncludeResolver: Sendable {
    /// `$HOME`, if set.
    public var home: String?
    /// The system's locale folder: `$XLOCALEDIR`, else `/usr/share/X11/locale`.
    public var systemFolder: String
    /// The locale `%L` stands for.
    public var locale: String
    /// The folder relative paths are opened from.
    public var currentFolder: String

    /// Creates a resolver from the environment's `HOME` and `XLOCALEDIR`.
    public init(locale: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.locale = locale
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        systemFolder = environment["XLOCALEDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/X11/locale"
        currentFolder = FileManager.default.currentDirectoryPath
    }

    /// The file an include names, or why it names none.
    ///
    /// - Parameters:
    ///   - path: The path as written.
    ///   - includingFile: The file with the include line, for the hint when a
    ///     relative path exists beside it but not in the current directory.
    /// - Returns: The path to open, or a sentence saying why there is none.
    public func resolve(_ path: String, from includingFile: String) -> Result<String, ResolutionError> {
        var expanded = ""
        var iterator = path.makeIterator()
        while let c = iterator.next() {
            guard c == "%" else {
                expanded.append(c)
                continue
            }
            switch iterator.next() {
            case "%": expanded.append("%")
            case "H":
                guard let home else { return .failure(ResolutionError("%H: HOME is not set")) }
                expanded += home
            case "S": expanded += systemFolder
            case "L":
                guard let file = localeFile() else {
                    return .failure(ResolutionError("%L: \(systemFolder)/compose.dir names no Compose file for locale \"\(locale)\""))
                }
                expanded += file
            case let other?: return .failure(ResolutionError("unknown expansion %\(other); Compose files know %H, %L, %S and %%"))
            case nil: return .failure(ResolutionError("a lone % at the end of the path"))
            }
        }
        let full = expanded.hasPrefix("/") ? expanded : (currentFolder as NSString).appendingPathComponent(expanded)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) {
            return isFolder.boolValue ? .failure(ResolutionError("\(full) is a folder, not a Compose file")) : .success(full)
        }
        var message = expanded == path ? "\(full): no such file" : "\(path) is \(full): no such file"
        if !expanded.hasPrefix("/") {
            let beside = ((includingFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(expanded)
            if FileManager.default.fileExists(atPath: beside) {
                message += "; relative paths are opened from the current directory, not the file's folder: write \(beside)"
            }
        }
        return .failure(ResolutionError(message))
    }

    /// The system Compose file of ``locale``, from `compose.dir` (through `locale.alias`), if any.
    public func localeFile() -> String? {
        guard let table = try? String(contentsOfFile: systemFolder + "/compose.dir", encoding: .utf8) else { return nil }
        func lookUp(_ name: String) -> String? {
            for line in table.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2 else { continue }
                let file = fields[0].hasSuffix(":") ? fields[0].dropLast() : fields[0]
                if fields[1] == name { return systemFolder + "/" + file }
            }
            return nil
        }
        if let file = lookUp(locale) { return file }
        guard let aliases = try? String(contentsOfFile: systemFolder + "/locale.alias", encoding: .utf8) else { return nil }
        for line in aliases.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2 else { continue }
            let name = fields[0].hasSuffix(":") ? fields[0].dropLast() : fields[0]
            if name == locale, let file = lookUp(String(fields[1])) { return file }
        }
        return nil
    }

    /// Why an include names no file.
    public struct ResolutionError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason, in a sentence.
        public var message: String
        init(_ message: String) { self.message = message }
        public var description: String { message }
    }
}
