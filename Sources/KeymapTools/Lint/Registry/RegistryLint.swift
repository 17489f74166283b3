import Foundation
import XKB

/// Checks a registry file that a layout adds itself to — `rules/evdev.xml` or
/// `evdev.extras.xml` of xkeyboard-config, in the format of `xkb.dtd` — as
/// xkeyboard-config's contributors need: ISO 639 and 3166 codes that exist, descriptions
/// present, no duplicate names, and every layout and variant compiling.
///
/// Findings have the identifiers KI600–KI606; ``LintCatalog`` explains each. The stock
/// `evdev.xml` of xkeyboard-config 2.35 gets three: ISO 639-3 codes retired since (`btb`,
/// `ais`, `uun`); its `custom` layout, which has no symbols file on purpose, is a note.
public enum RegistryLint {
    /// Checks a registry file.
    ///
    /// The layouts and variants are compiled with libxkbcommon from their names, with the
    /// rules the file is named for (`evdev` for `evdev.xml` and `evdev.extras.xml`, `evdev`
    /// when no rules file of that name exists). A file at `DIR/rules/NAME.xml` is read as part
    /// of the xkb tree `DIR`: its `symbols/` are searched before the system's.
    ///
    /// - Parameters:
    ///   - file: The registry file.
    ///   - includePaths: xkb trees searched before the file's own tree and the system's.
    ///   - compile: Whether to compile each layout and variant (KI605).
    /// - Returns: The findings, in the order of the file.
    /// - Throws: ``RegistryLintError`` when the file cannot be read or the ISO tables of
    ///   `iso-codes` are not installed; malformed XML is a finding (KI600), not an error.
    public static func check(file: String, includePaths: [String] = [], compile: Bool = true) throws -> [LintFinding] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
            let data = FileManager.default.contents(atPath: file)
        else {
            throw RegistryLintError(.fileUnreadable, "\(file): no such file, or it cannot be read")
        }
        let codes = try ISOCodes.load()
        let document: RegistryDocument
        do {
            document = try RegistryParser.parse(data)
        } catch {
            return [
                LintFinding(
                    id: "KI600", severity: .error, message: "not well-formed XML: \(error.reason) (column \(error.column))",
                    file: file, line: error.line)
            ]
        }
        var findings = contentFindings(document, codes: codes, file: file)
        if compile {
            findings += try compileFindings(document, file: file, includePaths: includePaths)
        }
        return findings.sorted { ($0.line ?? 0, $0.id) < ($1.line ?? 0, $1.id) }
    }

    /// KI601–KI604, KI606: what the file says, without compiling anything.
    static func contentFindings(_ document: RegistryDocument, codes: ISOCodes, file: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        func finding(_ id: String, _ severity: LintSeverity, _ message: String, line: Int) {
            findings.append(LintFinding(id: id, severity: severity, message: message, file: file, line: line))
        }
        func checkItem(_ item: RegistryItem, parent: RegistryItem?) {
            let label = item.label(parent: parent)
            if item.name?.value.isEmpty ?? true {
                finding("KI603", .error, "a \(item.kind.rawValue) has no name", line: item.line)
            }
            if item.description?.value.isEmpty ?? true {
                finding("KI603", .error, "\(label) has no description", line: item.name?.line ?? item.line)
            }
            if item.kind == .layout, item.shortDescription?.value.isEmpty ?? true {
                finding(
                    "KI606", .warning, "\(label) has no shortDescription (the indicator desktops show)",
                    line: item.name?.line ?? item.line)
            }
            for language in item.languages where !codes.languages.contains(language.value) {
                finding("KI601", .error, "\(label): unknown ISO 639 language code \"\(language.value)\"", line: language.line)
            }
            for country in item.countries where !codes.countries.contains(country.value) {
                finding("KI602", .error, "\(label): unknown ISO 3166 country code \"\(country.value)\"", line: country.line)
            }
        }
        func checkDuplicates(_ items: [RegistryItem], what: String) {
            var seen: [String: Int] = [:]
            for item in items {
                guard let name = item.name, !name.value.isEmpty else { continue }
                if let first = seen[name.value] {
                    finding("KI604", .error, "\(what) \"\(name.value)\" is listed twice (first on line \(first))", line: name.line)
                } else {
                    seen[name.value] = name.line
                }
            }
        }
        for model in document.models { checkItem(model, parent: nil) }
        for layout in document.layouts {
            checkItem(layout, parent: nil)
            for variant in layout.children { checkItem(variant, parent: layout) }
            checkDuplicates(layout.children, what: "layout \"\(layout.name?.value ?? "")\": variant")
        }
        for group in document.groups {
            checkItem(group, parent: nil)
            for option in group.children { checkItem(option, parent: group) }
        }
        checkDuplicates(document.models, what: "model")
        checkDuplicates(document.layouts, what: "layout")
        checkDuplicates(document.groups.flatMap(\.children), what: "option")
        return findings
    }

    /// KI605: each layout, and each variant, compiled by name.
    static func compileFindings(_ document: RegistryDocument, file: String, includePaths: [String]) throws -> [LintFinding] {
        let tree = xkbTree(of: file)
        let paths = includePaths + (tree.map { [$0] } ?? [])
        let rules = rulesName(for: file, searching: paths + ["/usr/share/X11/xkb"])
        let context: Context
        do {
            context = try Context(options: .noEnvironmentNames, includePaths: paths)
        } catch let error as XKBError {
            throw RegistryLintError(.fileUnreadable, error.message)
        }
        var findings: [LintFinding] = []
        for layout in document.layouts {
            guard let name = layout.name?.value, !name.isEmpty else { continue }
            for variant in [nil] + layout.children {
                if let variant, variant.name?.value.isEmpty ?? true { continue }
                let names = RuleNames(rules: rules, model: "pc105", layout: name, variant: variant?.name?.value ?? "", options: "")
                do {
                    _ = try Keymap(context: context, names: names)
                } catch let error as XKBError {
                    let item = variant ?? layout
                    let reason = error.diagnostics.first?.text ?? error.message
                    // xkeyboard-config lists "custom" for a symbols file each user writes, and ships none.
                    let placeholder = variant == nil && name == "custom" && reason.contains("Couldn't find file")
                    findings.append(
                        LintFinding(
                            id: "KI605", severity: placeholder ? .note : .error,
                            message: "\(item.label(parent: layout)) does not compile with rules \"\(rules)\": \(reason)"
                                + (placeholder ? " (the place for a user's own symbols/custom)" : ""),
                            file: file, line: item.name?.line ?? item.line))
                }
            }
        }
        return findings
    }

    /// `DIR` for a file at `DIR/rules/NAME.xml`, the xkb tree it belongs to.
    static func xkbTree(of file: String) -> String? {
        let folder = ((file as NSString).standardizingPath as NSString).deletingLastPathComponent
        guard (folder as NSString).lastPathComponent == "rules" else { return nil }
        return (folder as NSString).deletingLastPathComponent
    }

    /// The rules a registry file describes: `evdev` for `evdev.xml` and `evdev.extras.xml`,
    /// when a rules file of that name exists in one of `folders`; `evdev` otherwise.
    static func rulesName(for file: String, searching folders: [String]) -> String {
        let base = (file as NSString).lastPathComponent
        let name = String(base.prefix { $0 != "." })
        let exists = folders.contains { FileManager.default.fileExists(atPath: "\($0)/rules/\(name)") }
        return !name.isEmpty && exists ? name : "evdev"
    }
}
