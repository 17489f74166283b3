import ArgumentParser
import Foundation
import KeymapCommandLine
import KeymapTools
import XKB

extension DiffCommand {
    /// `--all`: writes the registry's snapshot, or compares today's keymaps with one.
    func runRegistry() throws {
        let rules = self.rules ?? "evdev"
        let registry: Registry
        do { registry = try Registry(rules: rules, includePaths: includes) } catch let error as XKBError {
            throw CLIError.failure(error.description)
        }
        let layouts = only.map { $0.split(separator: ",").map(String.init) } ?? []
        for layout in layouts where !registry.layoutNames.contains(layout) {
            throw CLIError.usage(
                "unknown layout \"\(layout)\"" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: layout, in: registry.layoutNames)))
        }
        let names = RegistrySnapshot.names(in: registry, layouts: layouts)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        let clock = ContinuousClock()
        let start = clock.now
        let output = BufferedOutput()
        if let snapshot {
            let failures: [(name: String, error: String)]
            do {
                failures = try RegistrySnapshot.write(names, to: snapshot, rules: rules, includePaths: includes, threads: threads)
            } catch {
                let reason = (error as NSError).domain == NSCocoaErrorDomain ? error.localizedDescription : "\(error)"
                throw CLIError.failure("--snapshot \(snapshot): cannot write the snapshot (\(reason))")
            }
            for failure in failures {
                printError("note: \(failure.name) left out: \(failure.error.prefix { $0 != "\n" })")
            }
            output.line(
                "wrote \(names.count - failures.count) of \(names.count) layouts and variants to \(snapshot) in \(Self.seconds(clock.now - start))")
            output.flush()
            return
        }
        let folder = keymaps[0]
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CLIError.usage("\(folder): no such folder (write a snapshot first: keyinput diff --all --snapshot \(folder))")
        }
        let comparisons = try RegistrySnapshot.compare(
            names, with: folder, layouts: layouts, rules: rules, includePaths: includes, threads: threads)
        let elapsed = Self.seconds(clock.now - start)
        if json {
            output.line(Self.json(comparisons, folder: folder, elapsed: clock.now - start))
        } else {
            output.write(Self.text(comparisons, folder: folder, elapsed: elapsed))
        }
        output.flush()
        if comparisons.contains(where: { !$0.outcome.meansSame }) { throw ExitCode(1) }
    }

    private static func text(_ comparisons: [RegistrySnapshot.Comparison], folder: String, elapsed: String) -> String {
        var output = ""
        var counts: [String: Int] = [:]
        for comparison in comparisons {
            switch comparison.outcome {
            case .same: continue
            case .sameMeaning: counts["changed in text only", default: 0] += 1
            case .changed(let diff):
                counts["changed in meaning", default: 0] += 1
                output += "\(comparison.name): \(diff.summary())\n"
                let lines = diff.text().split(separator: "\n").dropLast()
                for line in lines.prefix(20) { output += "  \(line)\n" }
                if lines.count > 20 { output += "  … \(lines.count - 20) more lines (keyinput diff shows them all)\n" }
            case .added:
                counts["added", default: 0] += 1
                output += "\(comparison.name): not in the snapshot (added to the registry)\n"
            case .removed:
                counts["removed", default: 0] += 1
                output += "\(comparison.name): in the snapshot only (gone from the registry)\n"
            case .failed(let error):
                counts["failed", default: 0] += 1
                output += "\(comparison.name): \(error)\n"
            }
        }
        let order = ["changed in meaning", "changed in text only", "added", "removed", "failed"]
        let parts = order.compactMap { key in counts[key].map { "\($0) \(key)" } }
        return output + "compared \(comparisons.count) layouts and variants with \(folder) in \(elapsed): "
            + (parts.isEmpty ? "none changed" : parts.joined(separator: ", ")) + "\n"
    }

    private static func json(_ comparisons: [RegistrySnapshot.Comparison], folder: String, elapsed: Duration) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("snapshot")
        writer.string(folder)
        writer.key("compared")
        writer.number(comparisons.count)
        writer.key("seconds")
        writer.number(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        writer.key("layouts")
        writer.beginArray()
        for comparison in comparisons {
            let outcome: String
            switch comparison.outcome {
            case .same: continue
            case .sameMeaning: outcome = "textOnly"
            case .changed: outcome = "changed"
            case .added: outcome = "added"
            case .removed: outcome = "removed"
            case .failed: outcome = "failed"
            }
            writer.beginObject()
            writer.key("name")
            writer.string(comparison.name)
            writer.key("outcome")
            writer.string(outcome)
            if case .changed(let diff) = comparison.outcome {
                writer.key("diff")
                writer.raw(diff.json(a: (folder as NSString).appendingPathComponent(comparison.name + ".xkb"), b: comparison.name))
            }
            if case .failed(let error) = comparison.outcome {
                writer.key("error")
                writer.string(error)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.take()
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.1f s", value)
    }
}

extension RegistrySnapshot.Outcome {
    /// Whether the keymap means what its snapshot meant.
    var meansSame: Bool {
        switch self {
        case .same, .sameMeaning: true
        case .changed, .added, .removed, .failed: false
        }
    }
}
