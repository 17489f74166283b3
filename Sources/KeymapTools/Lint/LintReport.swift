import Foundation

/// How `keyinput lint` prints findings: text like a compiler's, JSON, and the `--all` survey.
public enum LintReport {
    /// Whether findings fail the run: an error, or a warning under `--werror`.
    ///
    /// - Parameters:
    ///   - findings: What lint found.
    ///   - warningsAreErrors: `--werror`.
    /// - Returns: `true` when the run should exit 1.
    public static func fails(_ findings: [LintFinding], warningsAreErrors: Bool) -> Bool {
        findings.contains { $0.severity == .error || (warningsAreErrors && $0.severity == .warning) }
    }

    /// `2 warnings, 1 note`, or `no findings`.
    public static func tally(_ findings: [LintFinding]) -> String {
        let parts = LintSeverity.allCases.compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return parts.isEmpty ? "no findings" : parts.joined(separator: ", ")
    }

    /// The findings, one line each, then the tally.
    public static func text(_ findings: [LintFinding]) -> String {
        (findings.map(\.text) + [tally(findings)]).joined(separator: "\n") + "\n"
    }

    /// `{"findings": [{"id", "severity", "message", "file", "line"}], "errors", "warnings", "notes"}`.
    public static func json(_ findings: [LintFinding]) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("findings")
        write(findings, to: &writer)
        for severity in LintSeverity.allCases {
            writer.key(severity.rawValue + "s")
            writer.number(findings.filter { $0.severity == severity }.count)
        }
        writer.endObject()
        return writer.take()
    }

    static func write(_ findings: [LintFinding], to writer: inout JSONWriter) {
        writer.beginArray()
        for finding in findings {
            writer.beginObject()
            writer.key("id")
            writer.string(finding.id)
            writer.key("severity")
            writer.string(finding.severity.rawValue)
            writer.key("message")
            writer.string(finding.message)
            writer.key("file")
            if let file = finding.file { writer.string(file) } else { writer.null() }
            writer.key("line")
            if let line = finding.line { writer.number(line) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
    }

    /// Per rule, how many layouts have it, how many findings there are, and how many of
    /// those are notes (identifier order).
    public static func layoutsPerRule(_ results: [LintSurvey.Result]) -> [(id: String, layouts: Int, findings: Int, notes: Int)] {
        var layouts: [String: Int] = [:]
        var findings: [String: Int] = [:]
        var notes: [String: Int] = [:]
        for result in results {
            for id in Set(result.findings.map(\.id)) { layouts[id, default: 0] += 1 }
            for finding in result.findings {
                findings[finding.id, default: 0] += 1
                if finding.severity == .note { notes[finding.id, default: 0] += 1 }
            }
        }
        return layouts.keys.sorted().map { ($0, layouts[$0] ?? 0, findings[$0] ?? 0, notes[$0] ?? 0) }
    }

    /// The survey as text: per rule the layouts that have it, then each layout with findings
    /// (at most `limit` lines each), then the totals and the time.
    public static func surveyText(_ results: [LintSurvey.Result], seconds: Double, limit: Int = 5) -> String {
        var lines: [String] = []
        let all = results.flatMap(\.findings)
        lines.append("rule   layouts  findings  notes  title")
        for rule in layoutsPerRule(results) {
            let title = LintCatalog.rule(rule.id)?.title ?? ""
            lines.append(rule.id.padding(7) + String(rule.layouts).padding(9) + String(rule.findings).padding(10)
                    + String(rule.notes).padding(7) + title)
        }
        lines.append("")
        for result in results where !result.findings.isEmpty || result.error != nil {
            lines.append("\(result.name): \(result.error.map { "does not compile: \($0)" } ?? tally(result.findings))")
            for finding in result.findings.prefix(limit) { lines.append("  " + finding.text) }
            if result.findings.count > limit { lines.append("  … \(result.findings.count - limit) more") }
        }
        let clean = results.filter { $0.findings.isEmpty && $0.error == nil }.count
        lines.append("")
        lines.append(
            "\(results.count) layouts and variants linted in \(String(format: "%.1f", seconds)) s: \(clean) clean, "
                + "\(results.count - clean) with findings (\(tally(all)))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The survey as JSON: `{"layouts", "seconds", "rules": [{"id", "layouts", "findings", "notes"}], "results": [{"layout", "variant", "error", "findings"}]}`.
    public static func surveyJSON(_ results: [LintSurvey.Result], seconds: Double) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("layouts")
        writer.number(results.count)
        writer.key("seconds")
        writer.number((seconds * 10).rounded() / 10)
        writer.key("rules")
        writer.beginArray()
        for rule in layoutsPerRule(results) {
            writer.beginObject()
            writer.key("id")
            writer.string(rule.id)
            writer.key("layouts")
            writer.number(rule.layouts)
            writer.key("findings")
            writer.number(rule.findings)
            writer.key("notes")
            writer.number(rule.notes)
            writer.endObject()
        }
        writer.endArray()
        writer.key("results")
        writer.beginArray()
        for result in results {
            writer.beginObject()
            writer.key("layout")
            writer.string(result.layout)
            writer.key("variant")
            writer.string(result.variant)
            writer.key("error")
            if let error = result.error { writer.string(error) } else { writer.null() }
            writer.key("findings")
            write(result.findings, to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.take()
    }
}

extension LintReport {
    /// The `--explain` text: `KI101 (warning): title`, a blank line, and the explanation
    /// wrapped at `width` columns.
    ///
    /// - Parameters:
    ///   - rule: The rule to explain.
    ///   - width: The widest a line may be (a longer word stays whole).
    /// - Returns: The text, ending in a newline.
    public static func explanation(of rule: LintRule, width: Int = 96) -> String {
        var lines: [String] = []
        var line = ""
        for word in rule.explanation.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return "\(rule.id) (\(rule.severity.rawValue)): \(rule.title)\n\n" + lines.joined(separator: "\n") + "\n"
    }
}
