import ArgumentParser
import KeymapCommandLine
import KeymapTools
import XKB

/// `keyinput list`: what xkeyboard-config offers.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List layouts, variants, models or options from the xkeyboard-config registry.",
        discussion: "Examples: keyinput list layouts german · keyinput list variants de · keyinput list options compose"
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case layouts, variants, models, options
    }

    @Argument(help: "What to list: layouts (with their variants), variants, models or options.")
    var kind: Kind = .layouts

    @Argument(help: "Show only entries whose name or description contains this text (case-insensitive); for variants, a layout name.")
    var filter: String?

    @Option(help: "The rules whose registry to read.")
    var rules = "evdev"

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let registry: Registry
        do { registry = try Registry(rules: rules) } catch let error as XKBError {
            throw CLIError.failure(error.description)
        }
        let needle = filter?.lowercased()
        func matches(_ fields: String?...) -> Bool {
            guard let needle else { return true }
            return fields.contains { $0?.lowercased().contains(needle) ?? false }
        }
        var rows: [(name: String, description: String)] = []
        switch kind {
        case .layouts:
            rows = registry.layouts.filter { matches($0.qualifiedName, $0.description) }
                .map { ($0.qualifiedName, $0.description) }
        case .variants:
            if let filter, !registry.layoutNames.contains(filter) {
                throw CLIError.usage(
                    "unknown layout \"\(filter)\"" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: filter, in: registry.layoutNames)))
            }
            rows = registry.layouts.filter { $0.variant != nil && (filter == nil || $0.name == filter) }
                .map { ($0.qualifiedName, $0.description) }
        case .models:
            rows = registry.models.filter { matches($0.name, $0.description, $0.vendor) }.map { ($0.name, $0.description) }
        case .options:
            rows = registry.options.filter { matches($0.name, $0.description) }.map { ($0.name, $0.description) }
        }
        let output = BufferedOutput()
        if json {
            var writer = JSONWriter()
            writer.beginArray()
            for row in rows {
                writer.beginObject()
                writer.key("name")
                writer.string(row.name)
                writer.key("description")
                writer.string(row.description)
                writer.endObject()
            }
            writer.endArray()
            output.line(writer.take())
        } else {
            let width = min(32, rows.map(\.name.count).max() ?? 0)
            for row in rows { output.line(row.name.padding(width + 1) + row.description) }
        }
        if rows.isEmpty && !json { throw CLIError.failure("nothing matches \"\(filter ?? "")\"") }
    }
}
