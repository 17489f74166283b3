import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether Orca and speech-dispatcher are installed.
public let orcaAvailable =
    atspiAvailable && executablePath("orca") != nil && executablePath("speech-dispatcher") != nil
    && FileManager.default.fileExists(atPath: "/usr/lib/speech-dispatcher-modules/sd_generic")
public let missingOrca = "orca or speech-dispatcher is not installed (scripts/install-deps.sh test installs them)"
/// Whether the app answers Orca in time: not when built with a sanitizer
/// (scripts/sanitize.sh says which), which slows its answers past what Orca
/// waits for, now and then. The plain run hears Orca; the sanitized runs
/// still serve the bridge to the AT-SPI client tests.
public let orcaKeepsUp = ProcessInfo.processInfo.environment["KEYINPUT_SANITIZER"] == nil
public let orcaTooSlow = "a sanitized app answers Orca more slowly than Orca waits, now and then"

/// Orca running in an ``AccessibilityBusSession``, speaking through a
/// speech-dispatcher of its own whose only voice writes what it would say
/// to a file, a message a line (``heard``), with ALSA sent to a null
/// device. Orca's debug log (``logPath``) is kept for a failing test to
/// read; it is buffered and its last lines may be missing, so tests read
/// ``heard``.
///
/// `orca --replace` replaces every Orca of the same user: run one at a time.
public final class ScreenReaderSession {
    let session: AccessibilityBusSession
    let speech: ChildProcess
    let orca: ChildProcess
    /// Orca's debug log, with `SPEECH OUTPUT:` lines.
    public let logPath: String
    /// What the speech module was given, a line each.
    public let speechPath: String
    private var stopped = false

    public init(in session: AccessibilityBusSession) throws {
        self.session = session
        let home = session.environment["HOME"]!
        let folder = (home as NSString).deletingLastPathComponent
        speechPath = folder + "/spoken.txt"
        logPath = folder + "/orca-debug.log"
        try Self.write(home + "/.asoundrc", "pcm.!default { type null }\nctl.!default { type hw card 0 }\n")
        let config = folder + "/speech-dispatcher"
        try Self.write(
            config + "/speechd.conf",
            """
            AudioOutputMethod "alsa"
            AddModule "file" "sd_generic" "file.conf"
            DefaultModule file
            LanguageDefaultModule "en" "file"

            """)
        try Self.write(
            config + "/modules/file.conf",
            // UTF-8, not the module's Latin-1 default, which turns Arabic and other scripts into "?".
            "GenericExecuteSynth \"echo \\'$DATA\\' >> \(speechPath)\"\nAddVoice \"en\" \"MALE1\" \"en\"\n"
                + "GenericLanguage \"en\" \"en\" \"utf-8\"\nGenericLanguage \"ar\" \"ar\" \"utf-8\"\n")
        try Self.write(speechPath, "")
        speech = try session.start(["speech-dispatcher", "--run-single", "--timeout", "0", "--config-dir", config])
        let socket = session.environment["XDG_RUNTIME_DIR"]! + "/speech-dispatcher/speechd.sock"
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline else { throw DaemonFailure("speech-dispatcher made no socket at \(socket)") }
            usleep(50_000)
        }
        let preferences = folder + "/orca"
        try FileManager.default.createDirectory(atPath: preferences, withIntermediateDirectories: true)
        orca = try session.start(["orca", "--replace", "-u", preferences, "--debug-file", logPath])
        guard waitUntilSpoken(timeout: 30, { $0.contains("Screen reader on.") }) else {
            stop()
            throw DaemonFailure("Orca did not start: \(heard)")
        }
    }

    deinit { stop() }

    /// Stops Orca as a user would (`orca --quit`: its log is complete only
    /// then), and speech-dispatcher.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? session.run(["orca", "--quit"], timeout: 10)
        if orca.wait(timeout: 10) == nil { orca.stop(grace: 5) }
        speech.stop(grace: 2)
    }

    /// What reached the speech module so far, a message a line: read while Orca runs.
    public var heard: [String] {
        let text = (try? String(contentsOfFile: speechPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Waits up to `timeout` seconds until what reached the speech module satisfies `condition`.
    @discardableResult
    public func waitUntilSpoken(timeout: Double = 30, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(heard) { return true }
            usleep(100_000)
        }
        return condition(heard)
    }

    private static func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
