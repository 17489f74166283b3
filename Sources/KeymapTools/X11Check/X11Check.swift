import Foundation
import XKB

/// Checks that X11 can hold a keymap: writes it as X11 takes it (the text libxkbcommon
/// serialises, which is what a Wayland compositor hands Xwayland) and compiles that with
/// the X server's own compiler, `xkbcomp` (Debian's `x11-xkb-utils`).
///
/// It reports what X11 cannot hold — more than four groups, keycodes over 255, key names
/// over four characters — and what `xkbcomp` rejects or warns about, in `xkbcomp`'s own
/// words. Messages every stock keymap gets (evdev keycodes above 255, repeated type entries
/// in libxkbcommon's output, keys without symbols) are counted, not reported.
public enum X11Check {
    /// What the check found.
    public struct Report: Sendable {
        /// The problems, the keymap file's own first, then `xkbcomp`'s.
        public var findings: [X11Finding]
        /// Whether `xkbcomp` compiled the keymap (it may still have warned).
        public var xkbcompCompiled: Bool
        /// How many `xkbcomp` messages were left out as ones every stock keymap gets.
        public var stockMessageCount: Int
        /// The keymap text `xkbcomp` was given.
        public var x11Text: String

        /// Creates a report; `x11Text` is empty when `xkbcomp` never ran.
        public init(findings: [X11Finding], xkbcompCompiled: Bool, stockMessageCount: Int = 0, x11Text: String = "") {
            self.findings = findings
            self.xkbcompCompiled = xkbcompCompiled
            self.stockMessageCount = stockMessageCount
            self.x11Text = x11Text
        }
    }

    /// How long `xkbcomp` may run, in seconds, before it is killed.
    public static let defaultTimeout = 30.0

    /// Where `xkbcomp` is on `PATH`, or `nil` when it is not installed.
    public static func xkbcompPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        (environment["PATH"] ?? "").split(separator: ":").lazy.map { String($0) + "/xkbcomp" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Checks a compiled keymap, and the file it came from when there is one.
    ///
    /// - Parameters:
    ///   - keymap: The keymap, as libxkbcommon compiled it.
    ///   - file: The keymap file it was compiled from, read for what libxkbcommon drops; `nil` for names.
    ///   - timeout: Seconds `xkbcomp` may run.
    /// - Returns: The findings; none when X11 holds the keymap as it is.
    /// - Throws: ``X11CheckError`` when `xkbcomp` is missing, cannot start or hangs.
    public static func check(_ keymap: Keymap, file: String? = nil, timeout: Double = defaultTimeout) throws -> Report {
        let stock = stockKeycodes(includePaths: keymap.context.includePaths)
        let scan = file.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map {
            X11KeymapScan(text: $0, stockKeycodes: stock)
        }
        var findings = scan.map { fileFindings($0, file: file) } ?? []
        if let dropped = keymap.warnings.first(where: { $0.text.contains("group") && $0.text.contains("1..4") }) {
            for index in findings.indices where findings[index].kind == .tooManyGroups {
                findings[index].message += "; libxkbcommon said: " + dropped.text
            }
        }
        findings += keymapFindings(keymap, scan: scan, file: file)
        let text = keymap.text
        let (messages, compiled) = try runXKBComp(on: text, timeout: timeout)
        let x11Lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var stockMessages = 0
        for message in messages {
            let names = message.names
            if isStock(message, keymap: keymap, scan: scan) {
                stockMessages += 1
            } else if let index = findings.firstIndex(where: { $0.xkbcompMessage == nil && names.contains(subject(of: $0)) }) {
                findings[index].xkbcompMessage = message.text
                findings[index].x11Line = message.line ?? x11Line(of: names, in: x11Lines)
            } else {
                let userLine = names.lazy.compactMap { scan?.firstLine[$0] }.first
                findings.append(
                    X11Finding(
                        kind: message.isError ? .xkbcompError : .xkbcompWarning,
                        message: message.isError ? "X11's keymap compiler rejects this" : "X11's keymap compiler warns about this",
                        file: file, line: userLine, x11Line: message.line ?? x11Line(of: names, in: x11Lines),
                        xkbcompMessage: message.text))
            }
        }
        return Report(findings: findings, xkbcompCompiled: compiled, stockMessageCount: stockMessages, x11Text: text)
    }

    /// Checks a keymap file that libxkbcommon refused to compile: only what the file itself shows.
    ///
    /// - Parameter file: The keymap file.
    /// - Returns: What X11 could not hold in it, found in its text.
    public static func checkText(ofFile file: String) -> [X11Finding] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        return fileFindings(X11KeymapScan(text: text, stockKeycodes: stockKeycodes(includePaths: [])), file: file)
    }

    /// What the file's own text shows.
    private static func fileFindings(_ scan: X11KeymapScan, file: String?) -> [X11Finding] {
        var findings: [X11Finding] = []
        for group in scan.extraGroups {
            findings.append(
                X11Finding(
                    kind: .tooManyGroups,
                    message: "\(group.text) asks for a group past the fourth: X11 holds four groups, and libxkbcommon "
                        + "keeps four too, so it dropped or merged it before xkbcomp could see it",
                    file: file, line: group.line))
        }
        for (name, code, line) in scan.largeKeycodes {
            findings.append(
                X11Finding(
                    kind: .keycodeOver255,
                    message: "<\(name)> is keycode \(code): X11 keycodes stop at 255, so X11 and Xwayland apps never see this key",
                    file: file, line: line))
        }
        for name in scan.longKeyNames {
            findings.append(
                X11Finding(
                    kind: .longKeyName,
                    message: "key name <\(name.text)> has \(name.text.count) characters: X11 key names hold four",
                    file: file, line: name.line))
        }
        return findings
    }

    /// What the compiled keymap shows that the file's text did not already.
    private static func keymapFindings(_ keymap: Keymap, scan: X11KeymapScan?, file: String?) -> [X11Finding] {
        var findings: [X11Finding] = []
        if let layouts = keymap.names?.layouts, layouts.count > 4 {
            findings.append(
                X11Finding(
                    kind: .tooManyGroups,
                    message: "\(layouts.count) layouts named (\(layouts.joined(separator: ","))): X11 holds four groups, "
                        + "and libxkbcommon kept \(keymap.layoutNames.count)"))
        }
        for key in keymap.keys {
            guard let name = key.rawValue > 255 || scan == nil ? keymap.name(of: key) : nil else { continue }
            if let scan {
                // Keys of the file's own, beyond the stock ones, that it gives symbols to.
                if let line = scan.symbolKeys[name], !scan.stockKeycodes.keys.contains(name),
                    !scan.largeKeycodes.contains(where: { $0.name == name })
                {
                    findings.append(
                        X11Finding(
                            kind: .keycodeOver255,
                            message: "key <\(name)> is keycode \(key.rawValue): X11 keycodes stop at 255, so X11 and "
                                + "Xwayland apps never get what it types", file: file, line: line))
                }
            } else if name.count > 4 {
                findings.append(
                    X11Finding(kind: .longKeyName, message: "key name <\(name)> has \(name.count) characters: X11 key names hold four"))
            }
        }
        return findings
    }

    /// The key name or word a finding is about, to attach `xkbcomp`'s message to it.
    private static func subject(of finding: X11Finding) -> String {
        guard let open = finding.message.firstIndex(of: "<"), let close = finding.message[open...].firstIndex(of: ">") else {
            return ""
        }
        return String(finding.message[finding.message.index(after: open)..<close])
    }

    /// Messages `xkbcomp` prints for every stock keymap libxkbcommon serialises.
    private static func isStock(_ message: XKBCompMessage, keymap: Keymap, scan: X11KeymapScan?) -> Bool {
        let text = message.text
        if text.hasPrefix("Unsupported maximum keycode") || text.hasPrefix("Keycodes above 256")
            || text.hasPrefix("Multiple occurrences of map[") || text.hasPrefix("No symbols defined for")
        {
            return true
        }
        // A stock key above 255 whose symbols X11 drops; the file's own keys are reported.
        if text.hasPrefix("Key <"), text.contains("not found in"), let name = message.names.first,
            let key = keymap.key(named: name), key.rawValue > 255
        {
            guard let scan else { return true }
            return scan.symbolKeys[name] == nil || scan.stockKeycodes.keys.contains(name)
        }
        return false
    }

    /// The keycodes over 255 that xkeyboard-config's `evdev` keycodes assign, by name: every
    /// keymap has them, and X11 drops them all, so a file that lists them (as a compiled
    /// keymap does) is not told about each.
    static func stockKeycodes(includePaths: [String]) -> [String: Int] {
        for folder in includePaths + ["/usr/share/X11/xkb"] {
            if let text = try? String(contentsOfFile: folder + "/keycodes/evdev", encoding: .utf8) {
                return Dictionary(X11KeymapScan(text: text).largeKeycodes.map { ($0.name, $0.code) }) { first, _ in first }
            }
        }
        return [:]
    }

    /// The first line of the serialised keymap that mentions one of the names.
    private static func x11Line(of names: [String], in lines: [Substring]) -> Int? {
        for name in names {
            if let index = lines.firstIndex(where: { $0.contains("<\(name)>") || $0.contains(name) }) { return index + 1 }
        }
        return nil
    }

    /// Compiles the text with `xkbcomp` in a temporary folder.
    private static func runXKBComp(on text: String, timeout: Double) throws -> ([XKBCompMessage], Bool) {
        guard let xkbcomp = xkbcompPath() else {
            throw X11CheckError(
                .xkbcompMissing, "the X11 check needs xkbcomp, the X server's keymap compiler: not found on PATH "
                    + "(Debian's package x11-xkb-utils has it)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyinput-x11-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw X11CheckError(.xkbcompFailedToStart, "cannot make a temporary folder for xkbcomp: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("x11-keymap.xkb").path
        let output = folder.appendingPathComponent("x11-keymap.xkm").path
        guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else {
            throw X11CheckError(.xkbcompFailedToStart, "cannot write the keymap for xkbcomp to \(input)")
        }
        let process = BoundedProcess(arguments: [xkbcomp, "-w", "10", input, "-o", output], timeout: timeout)
        let result: BoundedProcess.Result
        do {
            result = try process.run(outputFile: folder.appendingPathComponent("messages").path)
        } catch .cannotStart(let reason) {
            throw X11CheckError(.xkbcompFailedToStart, "cannot run \(xkbcomp): \(reason)")
        } catch .timedOut(let seconds) {
            throw X11CheckError(.xkbcompTimedOut, "\(xkbcomp) ran past \(Int(seconds)) s and was stopped")
        }
        var messages = XKBCompMessage.parse(result.output, file: input)
        let compiled = result.status == 0 && FileManager.default.fileExists(atPath: output)
        if !compiled, !messages.contains(where: \.isError) {
            messages.append(XKBCompMessage(isError: true, text: "xkbcomp exited with status \(result.status)", line: nil))
        }
        return (messages, compiled)
    }
}
