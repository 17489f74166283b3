/// Whether one layout types its languages, as `keyinput coverage` reports it.
public struct CoverageReport: Hashable, Sendable {
    /// The layout name (`fr`, or `us,ru` for a keymap of several layouts).
    public var layout: String
    /// The variant name, empty for the base layout.
    public var variant: String
    /// Each language checked.
    public var languages: [LanguageCoverage]
    /// Why the keymap could not be checked (it does not compile), or `nil`.
    public var error: String?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - layout: The layout name.
    ///   - variant: The variant name, empty for the base layout.
    ///   - languages: Each language checked.
    ///   - error: Why the keymap could not be checked, or `nil`.
    public init(layout: String, variant: String, languages: [LanguageCoverage], error: String? = nil) {
        self.layout = layout
        self.variant = variant
        self.languages = languages
        self.error = error
    }

    /// How a report ends up, for exit codes and the survey's summary.
    public enum Outcome: Hashable, Sendable {
        /// Every letter of every language with data can be typed.
        case covered
        /// Some letter cannot be typed.
        case missing
        /// No language has CLDR data (or the registry names none).
        case noData
        /// The keymap does not compile.
        case failed
    }

    /// How the report ends up.
    public var outcome: Outcome {
        if error != nil { return .failed }
        if languages.contains(where: { !$0.missing.isEmpty }) { return .missing }
        return languages.contains(where: \.hasData) ? .covered : .noData
    }

    /// Every letter that cannot be typed, each once, languages in order.
    public var missing: [String] {
        var seen = Set<String>()
        return languages.flatMap(\.missing).filter { seen.insert($0).inserted }
    }

    /// `fr(oss)`, or `fr` for a base layout.
    public var qualifiedName: String { variant.isEmpty ? layout : "\(layout)(\(variant))" }

    /// The report for reading: a line per language, with the letters that
    /// cannot be typed.
    ///
    /// - Parameter limit: At most this many letters are listed per language,
    ///   then how many more there are; `nil` lists them all.
    /// - Returns: The lines, each ending with a newline.
    public func text(limit: Int? = nil) -> String {
        if let error {
            // The summary line and libxkbcommon's first reason.
            let lines = error.split(separator: "\n").prefix(2).map { $0.trimmingPrefix(while: \.isWhitespace) }
            return "\(qualifiedName): does not compile: \(lines.joined(separator: ": "))\n"
        }
        if languages.isEmpty { return "\(qualifiedName): the registry names no language for this layout\n" }
        var output = ""
        for language in languages {
            output += "\(qualifiedName) \(Self.label(language)): "
            if !language.hasData {
                output += "no CLDR letters for this language; not checked\n"
            } else if language.missing.isEmpty {
                output += "all \(language.letterCount) letters can be typed\n"
            } else {
                let shown = language.missing.prefix(limit ?? language.missing.count)
                output += "\(language.missing.count) of \(language.letterCount) letters cannot be typed: "
                    + shown.map(Self.visible).joined(separator: " ")
                    + (shown.count < language.missing.count ? " … and \(language.missing.count - shown.count) more" : "")
                    + "\n"
            }
        }
        return output
    }

    /// The letter, or its code points when it does not show (a joiner, a lone mark).
    static func visible(_ letter: String) -> String {
        let shows = letter.unicodeScalars.contains {
            ![.format, .control, .spaceSeparator, .nonspacingMark, .enclosingMark].contains($0.properties.generalCategory)
        }
        return shows ? letter : "<\(scalars(letter))>"
    }

    /// `French (fra → fr)`: the name, the code given and the CLDR locale used.
    static func label(_ language: LanguageCoverage) -> String {
        if language.name == language.code { return language.code }
        guard let locale = language.locale, locale != language.code else { return "\(language.name) (\(language.code))" }
        return "\(language.name) (\(language.code) → \(locale))"
    }

    /// Writes the report as one JSON object: `{"layout", "variant",
    /// "languages", "missing", "byLanguage", "noData"}`, with `"error"` when
    /// the keymap does not compile.
    ///
    /// - Parameter writer: The writer to append to.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("layout")
        writer.string(layout)
        writer.key("variant")
        writer.string(variant)
        writer.key("languages")
        writer.strings(languages.map(\.code))
        writer.key("missing")
        writer.strings(missing)
        writer.key("byLanguage")
        writer.beginObject()
        for language in languages where language.hasData {
            writer.key(language.locale ?? language.code)
            writer.strings(language.missing)
        }
        writer.endObject()
        writer.key("noData")
        writer.strings(languages.filter { !$0.hasData }.map(\.code))
        if let error {
            writer.key("error")
            writer.string(error)
        }
        writer.endObject()
    }

    /// One line counting the reports by outcome, as `keyinput coverage --all` ends.
    ///
    /// - Parameter reports: The reports.
    /// - Returns: The line, without a newline.
    public static func summary(_ reports: [CoverageReport]) -> String {
        func count(_ outcome: Outcome) -> Int { reports.filter { $0.outcome == outcome }.count }
        return "\(reports.count) layouts and variants: \(count(.covered)) type all their languages' letters, "
            + "\(count(.missing)) miss some, \(count(.noData)) name no language CLDR has letters for, "
            + "\(count(.failed)) do not compile"
    }

    /// Reports as a JSON array.
    ///
    /// - Parameter reports: The reports, in order.
    /// - Returns: The JSON text, without a newline.
    public static func json(_ reports: [CoverageReport]) -> String {
        var writer = JSONWriter()
        writer.beginArray()
        for report in reports { report.write(to: &writer) }
        writer.endArray()
        return writer.take()
    }
}
