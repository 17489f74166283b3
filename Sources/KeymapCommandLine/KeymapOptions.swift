import ArgumentParser
import Foundation
import KeymapTools
import XKB

/// Options that choose a keymap: names or a file, and include folders —
/// `--rules --model --layout --variant --options`, `--keymap FILE`, `--include DIR`.
///
/// Shared by `keyinput` and `date-picker-demo`, so that both read keymap
/// names, and report bad ones, the same way.
public struct KeymapOptions: ParsableArguments, Sendable {
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
        if keymapFile == nil, let dropped = KeymapDiagnosis.droppedName(in: names) { throw ValidationError(dropped) }
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
            if let unknown = KeymapDiagnosis.unknownName(in: names, includePaths: includes) { return .usage(unknown) }
            return .failure(error.description)
        default:
            return .failure(error.description)
        }
    }

    /// Options libxkbcommon ignored are errors; variants and models the registry does not list are warnings.
    private func checkNames(_ keymap: Keymap) throws {
        let found = KeymapDiagnosis.check(keymap, names: names, includePaths: includes)
        if let error = found.error { throw CLIError.usage(error) }
        for warning in found.warnings { printError("warning: " + warning) }
    }
}
