import Foundation
import Logging

/// The `.lproj` folders of the package's resource folder.
///
/// SwiftPM's generated `Bundle.module` stops the program when the folder is
/// missing; the toolkit looks for it itself and falls back to English.
struct StringCatalogFiles: Sendable {
    /// The resource folder's name, as SwiftPM names it.
    static let folderName = "KeyInputKit_KeyInputKit.resources"

    static let shared = StringCatalogFiles(folder: locateFolder())

    /// The resource folder, if one was found.
    let folder: URL?
    /// Catalog languages by lower-cased tag (SwiftPM lower-cases `zh-Hant.lproj`).
    private let files: [String: URL]
    /// The catalog languages as written in ``ToolkitStrings`` (`zh-Hant`).
    let languages: [String]

    init(folder: URL?) {
        self.folder = folder
        var files: [String: URL] = [:]
        let names = folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0.path) } ?? []
        for name in names where name.hasSuffix(".lproj") {
            guard let folder else { break }
            let tag = String(name.dropLast(".lproj".count))
            let file = folder.appendingPathComponent(name).appendingPathComponent("Localizable.strings")
            if FileManager.default.fileExists(atPath: file.path) { files[Self.canonical(tag)] = file }
        }
        self.files = files
        self.languages = files.keys.filter { $0 != "en" }.sorted()
    }

    /// A tag with SwiftPM's lower-casing undone: `zh-hant` → `zh-Hant`.
    static func canonical(_ tag: String) -> String {
        let parts = tag.split(separator: "-")
        guard parts.count == 2, parts[1].count == 4 else { return tag.lowercased() }
        return parts[0].lowercased() + "-" + parts[1].prefix(1).uppercased() + parts[1].dropFirst().lowercased()
    }

    /// A language's strings, or none when its file is missing or cannot be used (said in the log).
    func read(_ language: String) -> [String: String] {
        guard let file = files[language] else { return [:] }
        do {
            return try Self.table(at: file)
        } catch {
            Self.logger.error("the toolkit's \(language) words are shown in English: \(error)")
            return [:]
        }
    }

    /// The texts of a `Localizable.strings` file, by key.
    ///
    /// - Throws: ``StringCatalogError`` naming the file when it cannot be read, is
    ///   malformed, or holds anything but texts.
    static func table(at file: URL) throws -> [String: String] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw StringCatalogError(path: file.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw StringCatalogError(path: file.path, reason: "is not a well-formed strings file (\(error.localizedDescription))")
        }
        guard let table = list as? [String: String] else {
            throw StringCatalogError(path: file.path, reason: "is not a table of \"key\" = \"text\"; entries")
        }
        return table
    }

    static let logger = Logger(label: "KeyInputKit.Localization")

    /// `KEYINPUTKIT_RESOURCES`, else the folder beside the program (where
    /// SwiftPM builds and installs it), following the program's symbolic link.
    private static func locateFolder() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let explicit = environment["KEYINPUTKIT_RESOURCES"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(folderName))
        if let program = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(program.deletingLastPathComponent().appendingPathComponent(folderName))
        }
        var isFolder: ObjCBool = false
        return candidates.first { FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && isFolder.boolValue }
    }
}
