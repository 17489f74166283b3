import Foundation

/// The ISO 639 language codes and ISO 3166 country codes that exist, from Debian's
/// `iso-codes` package (`/usr/share/iso-codes/json`).
struct ISOCodes {
    /// Three-letter language codes: ISO 639-2 (terminology and bibliographic), ISO 639-3 and
    /// the ISO 639-5 families (`fox`, Formosan languages), since xkeyboard-config uses all three.
    var languages: Set<String>
    /// Two-letter country codes, ISO 3166-1 alpha-2.
    var countries: Set<String>

    /// Where `iso-codes` installs its tables.
    static let folder = "/usr/share/iso-codes/json"

    /// Reads the tables.
    ///
    /// - Throws: ``RegistryLintError`` naming the package when a table is missing or unreadable.
    static func load(folder: String = folder) throws -> ISOCodes {
        let part2 = try table("iso_639-2.json", key: "639-2", folder: folder)
        let part3 = try table("iso_639-3.json", key: "639-3", folder: folder)
        let part5 = try table("iso_639-5.json", key: "639-5", folder: folder)
        let countries = try table("iso_3166-1.json", key: "3166-1", folder: folder)
        let languages = Set((part2 + part3 + part5).flatMap { [$0["alpha_3"], $0["bibliographic"]].compactMap { $0 } })
        return ISOCodes(languages: languages, countries: Set(countries.compactMap { $0["alpha_2"] }))
    }

    private static func table(_ file: String, key: String, folder: String) throws -> [[String: String]] {
        let path = (folder as NSString).appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object[key] as? [[String: Any]]
        else {
            throw RegistryLintError(
                .isoCodesMissing, "cannot read \(path): the registry check needs Debian's package iso-codes")
        }
        return entries.map { $0.compactMapValues { $0 as? String } }
    }
}
