import Foundation
import XKB

/// The calendar `--calendar` names, by its CLDR identifier (`gregorian`,
/// `persian`, `islamic-umalqura`), checked against the calendars Foundation knows.
public enum DemoCalendar {
    /// The CLDR calendar types Foundation may know; `names` keeps those it does. Aliases such as
    /// `gregory` and `ethiopic-amete-alem` are taken too, but not suggested.
    private static let cldrTypes = [
        "gregorian", "iso8601", "buddhist", "chinese", "coptic", "dangi", "ethiopic", "ethioaa", "hebrew", "indian", "islamic", "islamic-civil", "islamic-tbla", "islamic-umalqura",
        "japanese", "persian", "roc", "bangla", "gujarati", "kannada", "malayalam", "marathi", "odia", "tamil",
        "telugu", "vikram", "vietnamese",
    ]

    /// The calendar identifiers this Foundation knows, as `--calendar` takes them.
    public static let names: [String] = cldrTypes.filter { known($0) != nil }

    /// The calendar for `identifier`.
    ///
    /// - Parameter identifier: What `--calendar` gave; case does not matter.
    /// - Returns: Foundation's identifier of that calendar.
    /// - Throws: ``DemoError`` (`usage`) naming the identifier and the nearest known ones.
    public static func resolve(_ identifier: String) throws -> Calendar.Identifier {
        if let known = known(identifier.lowercased()) { return known }
        let near = NameSuggestions.nearest(to: identifier, in: names)
        let hint = near.isEmpty
            ? "; known calendars: " + names.joined(separator: ", ")
            : "; did you mean " + near.map { "\"\($0)\"" }.joined(separator: ", ") + "?"
        throw DemoError("--calendar \(identifier.debugDescription): not a calendar Foundation knows" + hint, code: .usage)
    }

    /// Foundation's calendar for a CLDR type, or `nil` when Foundation does not know it.
    private static func known(_ type: String) -> Calendar.Identifier? {
        // Letters, digits and hyphens only: anything else would add keywords to the locale below.
        guard !type.isEmpty, type.utf8.count <= 40,
            type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        // Foundation falls back to the Gregorian calendar for a type it does not know.
        let identifier = Locale(identifier: "und@calendar=" + type).calendar.identifier
        return identifier != .gregorian || ["gregorian", "gregory"].contains(type) ? identifier : nil
    }
}
