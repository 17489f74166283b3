import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

/// One side of `keyinput diff`: a keymap file or names such as `us,ru(phonetic)`.
struct DiffSide {
    var argument: String
    /// `A` or `B`, for messages.
    var label: String
    var rules: String?
    var model: String?
    var options: String?
    var includes: [String]

    /// Whether the argument names a file: it holds a `/`, ends in `.xkb`, or exists.
    var isFile: Bool {
        argument.contains("/") || argument.hasSuffix(".xkb") || FileManager.default.fileExists(atPath: argument)
    }

    /// Compiles the side; every failure is a usage error (exit 2), as exit 1 means "they differ".
    func compile(cache: KeymapCache) throws -> Keymap {
        let options: KeymapOptions
        do {
            options = try KeymapOptions.parse(try arguments())
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.usage("\(label) (\(argument)): " + KeymapOptions.message(for: error))
        }
        do {
            return try options.compile(cache: cache)
        } catch let error as CLIError {
            throw CLIError.usage(error.message)
        }
    }

    /// The `KeymapOptions` arguments: `--keymap FILE`, or `--layout us,ru --variant ,phonetic` and the rest.
    private func arguments() throws -> [String] {
        var result = includes.flatMap { ["--include", $0] }
        if isFile {
            if model != nil || self.options != nil || rules != nil {
                throw CLIError.usage("\(label) is the keymap file \(argument): --rules, --model and --options apply to names only")
            }
            return result + ["--keymap", argument]
        }
        var layouts: [String] = [], variants: [String] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let open = part.firstIndex(of: "(") else {
                layouts.append(String(part))
                variants.append("")
                continue
            }
            guard part.hasSuffix(")"), part.index(after: open) < part.index(before: part.endIndex) else {
                throw CLIError.usage("\(label): \"\(part)\" is not a layout name: write de or de(nodeadkeys)")
            }
            layouts.append(String(part[..<open]))
            variants.append(String(part[part.index(after: open)..<part.index(before: part.endIndex)]))
        }
        if layouts.contains(where: \.isEmpty) {
            throw CLIError.usage("\(label): \"\(argument)\" is not a list of layouts: write us or us,ru(phonetic)")
        }
        result += ["--layout", layouts.joined(separator: ",")]
        if variants.contains(where: { !$0.isEmpty }) { result += ["--variant", variants.joined(separator: ",")] }
        if let rules { result += ["--rules", rules] }
        if let model { result += ["--model", model] }
        result += ["--options", self.options ?? ""]
        return result
    }
}
