import ArgumentParser
import Foundation
import KeymapTools
import XKB

/// Options that choose a keymap: names or a file, and include folders —
/// `--rules --model --layout --variant --options`, `--keymap FILE`, `--include DIR`.
///
/// Shared by `keyinput` and `date-picker-demo`, so that both read keymap
/// names, and report bad ones, the same way.
public struct KeymapOptions: ParsableArguments {
    @Option(help: "The XKB rules (default: evdev, or $XKB_DEFAULT_RULES).")
    public var rules: String?
    @Option(help: "The keyboard model (default: pc105).")
    public var model: String?
    @Option(help: "Comma-separated layouts, such as us or us,de (default: us).")
    public var layout: String?
    @Option(help: "Comma-separated variants, one per layout, such as intl.")
    public var variant: String?
    @Option(help: "Comma-separated options, such as compose:ralt,ctrl:nocaps.")
    public var options: String?
    @Option(name: .customLong("keymap"), help: ArgumentHelp("Compile this keymap file (XKB text v1) instead of names.", valueName: "file"))
    public var keymapFile: String?
    @Option(name: .customLong("include"), help: ArgumentHelp("A folder searched for keymap files before the system's (repeatable).", valueName: "dir"))
    public var includes: [String] = []

    /// Creates the options with nothing given.
    public init() {}

    /// Refuses options that cannot be combined.
    public func validate() throws {
        if keymapFile != nil, [rules, model, layout, variant, options].contains(where: { $0 != nil }) {
            throw ValidationError("--keymap cannot be combined with --rules, --model, --layout, --variant or --options")
        }
    }

    /// The RMLVO names given (missing ones take libxkbcommon's defaults).
    public var names: RuleNames {
        RuleNames(rules: rules, model: model, layout: layout, variant: variant, options: options)
    }

    /// Where the keymap comes from.
    public var source: KeymapSource {
        KeymapSource(keymapFile.map { .file($0) } ?? .names(names), includePaths: includes)
    }

    /// Compiles the keymap, turning each failure into a message and exit code.
    ///
    /// Options libxkbcommon ignored are usage errors; variants and models the
    /// registry does not list are warnings on standard error.
    ///
    /// - Parameter cache: Where compiled keymaps are kept.
    /// - Returns: The keymap.
    /// - Throws: ``CLIError``: usage (2) for unknown names, options and
    ///   missing files, failure (1) for a keymap that does not compile.
    public func compile(cache: KeymapCache = KeymapCache()) throws -> Keymap {
        for folder in includes {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIError.usage("--include \(folder): no such folder")
            }
        }
        let keymap: Keymap
        do {
            keymap = try cache.keymap(source)
        } catch let error as XKBError {
            throw explain(error)
        }
        if keymapFile == nil { try checkNames(keymap) }
        return keymap
    }

    private func explain(_ error: XKBError) -> CLIError {
        switch error.code {
        case .fileUnreadable:
            return .usage(error.message)
        case .invalidUTF8:
            return .failure(error.message)
        case .keymapCompilationFailed where keymapFile == nil:
            if let unknown = unknownNameMessage() { return .usage(unknown) }
            return .failure(error.description)
        default:
            return .failure(error.description)
        }
    }

    /// For names that do not compile: the layout or variant the registry does not know, with the nearest ones.
    private func unknownNameMessage() -> String? {
        KeymapDiagnosis.unknownName(in: names, includePaths: includes)
    }

    /// Options libxkbcommon ignored, and models the registry does not know.
    private func checkNames(_ keymap: Keymap) throws {
        let ignored = keymap.warnings.compactMap { message -> String? in
            guard message.text.contains("Unrecognized RMLVO option") else { return nil }
            return message.text.split(separator: "\"").dropFirst().first.map(String.init)
        }
        if let option = ignored.first {
            let known = (try? Registry(includePaths: includes).options.map(\.name)) ?? []
            throw CLIError.usage("unknown option \"\(option)\"" + suggestion(NameSuggestions.nearest(to: option, in: known)))
        }
        if let variant, !variant.isEmpty, let registry = try? Registry(includePaths: includes) {
            let filled = names.filledIn()
            for (index, name) in filled.variants.enumerated() where !name.isEmpty && index < filled.layouts.count {
                let layout = filled.layouts[index]
                if !registry.variants(of: layout).contains(name) {
                    printError(
                        "warning: layout \"\(layout)\" has no variant \"\(name)\" in the keyboard registry; "
                            + "libxkbcommon compiled the symbols section of that name, which may define only a few keys")
                }
            }
        }
        if let model, !model.isEmpty, let registry = try? Registry(includePaths: includes),
            !registry.models.contains(where: { $0.name == model })
        {
            printError(
                "warning: model \"\(model)\" is not in the keyboard registry; the rules' defaults apply"
                    + suggestion(NameSuggestions.nearest(to: model, in: registry.models.map(\.name))))
        }
    }
}

/// `; did you mean "a", "b"?` for a list of names, or nothing for none.
public func suggestion(_ names: [String]) -> String { KeymapDiagnosis.suggestion(names) }

/// Options that choose a compose table: `--compose LOCALE`,
/// `--compose-file FILE`, `--no-compose`.
public struct ComposeOptions: ParsableArguments {
    @Option(name: .customLong("compose"), help: ArgumentHelp("Use the compose table of this locale, such as en_US.UTF-8.", valueName: "locale"))
    public var locale: String?
    @Option(name: .customLong("compose-file"), help: ArgumentHelp("Use the compose table in this Compose file.", valueName: "file"))
    public var file: String?
    @Flag(name: .customLong("no-compose"), help: "Turn compose (dead keys and the Compose key) off.")
    public var off = false

    /// Creates the options with nothing given.
    public init() {}

    /// Refuses options that cannot be combined.
    public func validate() throws {
        if off && (locale != nil || file != nil) {
            throw ValidationError("--no-compose cannot be combined with --compose or --compose-file")
        }
        if locale != nil && file != nil {
            throw ValidationError("--compose and --compose-file cannot be combined")
        }
    }

    /// The compose table to use: none, an explicit one, or the environment
    /// locale's with a fallback to en_US.UTF-8 (announced on standard error).
    ///
    /// - Parameter cache: Where compose tables are kept.
    /// - Returns: The table, or `nil` with `--no-compose`.
    /// - Throws: ``CLIError``: usage (2) for a locale without a table or a
    ///   missing file, failure (1) for a file that does not load.
    public func table(cache: KeymapCache = KeymapCache()) throws -> ComposeTable? {
        if off { return nil }
        if let file {
            do { return try cache.composeTable(file: file) } catch let error as XKBError {
                throw error.code == .fileUnreadable ? CLIError.usage(error.message) : CLIError.failure(error.description)
            }
        }
        if let locale {
            do { return try cache.composeTable(locale: locale) } catch {
                throw CLIError.usage("no compose table for locale \"\(locale)\"; try en_US.UTF-8, or --no-compose")
            }
        }
        let environmentLocale = ComposeTable.environmentLocale(ProcessInfo.processInfo.environment)
        if let table = try? cache.composeTable(locale: environmentLocale) { return table }
        let fallback = "en_US.UTF-8"
        printError(
            "note: locale \"\(environmentLocale)\" has no compose table; using \(fallback)'s (choose with --compose LOCALE or --no-compose)")
        return try? cache.composeTable(locale: fallback)
    }
}
