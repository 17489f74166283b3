import Foundation
import Synchronization
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Real keyboards built from the system's xkeyboard-config data.
///
/// Every call builds new objects: contexts, keymaps and states are not
/// thread-safe, and Swift Testing runs tests in parallel, so tests never
/// share them.
public enum XKBFixtures {
    /// A context that searches `includePaths` first, then the system's
    /// folders, and ignores the `XKB_DEFAULT_*` variables of the machine
    /// running the tests.
    public static func context(includePaths: [String] = []) throws -> Context {
        try Context(options: .noEnvironmentNames, includePaths: includePaths)
    }

    /// A keymap compiled from RMLVO names in a fresh context.
    public static func keymap(
        layout: String, variant: String? = nil, options: String? = nil, includePaths: [String] = []
    ) throws -> Keymap {
        try Keymap(
            context: context(includePaths: includePaths),
            names: RuleNames(layout: layout, variant: variant, options: options))
    }

    /// A fresh keyboard state, no keys down, for a keymap compiled from names.
    public static func state(layout: String, variant: String? = nil, options: String? = nil) throws -> KeyboardState {
        KeyboardState(keymap: try keymap(layout: layout, variant: variant, options: options))
    }

    /// A keymap compiled from XKB text in a fresh context.
    public static func keymap(text: String, sourceName: String = "(input string)") throws -> Keymap {
        try Keymap(context: context(), text: text, sourceName: sourceName)
    }

    /// The system's compose table for `en_US.UTF-8` (from libx11-data).
    public static func composeTable(context: Context? = nil) throws -> ComposeTable {
        try ComposeTable(context: context ?? self.context(), locale: "en_US.UTF-8")
    }

    /// A decoder for a layout, with the `en_US.UTF-8` compose table when `compose` is set.
    public static func decoder(
        layout: String, variant: String? = nil, options: String? = nil, compose: Bool = false
    ) throws -> KeyEventDecoder {
        let context = try context()
        let keymap = try Keymap(context: context, names: RuleNames(layout: layout, variant: variant, options: options))
        return KeyEventDecoder(keymap: keymap, composeTable: compose ? try composeTable(context: context) : nil)
    }

    /// A complete keymap in XKB text v1: the US layout on a pc105 keyboard,
    /// with `extraSymbols` added at the end of its `xkb_symbols` section
    /// (for example `override key <AC01> { … };`).
    public static func keymapText(extraSymbols: String = "") -> String {
        """
        xkb_keymap {
            xkb_keycodes { include "evdev+aliases(qwerty)" };
            xkb_types { include "complete" };
            xkb_compat { include "complete" };
            xkb_symbols {
                include "pc+us+inet(evdev)"
                \(extraSymbols)
            };
        };
        """
    }
}

/// The keycode of a kernel key name such as `KEY_A` or `KEY_LEFTSHIFT`.
public func key(_ name: String) -> Keycode {
    guard let code = EvdevKeyNames.code(of: name) else { preconditionFailure("no evdev key named \(name)") }
    return Keycode(evdev: code)
}

extension KeyboardState {
    /// Presses keys in order, and leaves them down.
    public func press(_ names: String...) {
        for name in names { updateKey(key(name), direction: .down) }
    }

    /// Releases keys in order.
    public func release(_ names: String...) {
        for name in names { updateKey(key(name), direction: .up) }
    }

    /// Presses keys in order and releases them in reverse order.
    public func tap(_ names: String...) {
        for name in names { updateKey(key(name), direction: .down) }
        for name in names.reversed() { updateKey(key(name), direction: .up) }
    }
}

extension KeyEventDecoder {
    /// Decodes one event for a key named like `KEY_A`.
    @discardableResult
    public func decode(_ name: String, _ kind: KeyEvent.Kind) -> DecodedKeyEvent {
        decode(KeyEvent(key(name), kind))
    }

    /// Presses keys in order and releases them in reverse order; returns
    /// every decoded event, presses first.
    @discardableResult
    public func tap(_ names: String...) -> [DecodedKeyEvent] {
        names.map { decode($0, .down) } + names.reversed().map { decode($0, .up) }
    }

    /// Types chords such as `KEY_LEFTSHIFT+KEY_A` one after another and
    /// returns the text they inserted (deletions are not applied).
    public func type(_ chords: String...) -> String {
        var text = ""
        for chord in chords {
            let names = chord.split(separator: "+").map(String.init)
            for name in names { text += decode(name, .down).insertedText }
            for name in names.reversed() { text += decode(name, .up).insertedText }
        }
        return text
    }
}

/// A folder under the system's temporary folder, removed when the value goes away.
public final class TemporaryFolder {
    /// The folder's absolute path.
    public let path: String

    /// Creates an empty folder with a unique name.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = (base as NSString).appendingPathComponent("keyinputkit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes text to a file inside the folder, creating folders on the way.
    ///
    /// - Returns: The file's absolute path.
    @discardableResult
    public func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    /// Writes bytes to a file inside the folder, creating folders on the way.
    ///
    /// - Returns: The file's absolute path.
    @discardableResult
    public func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let file = (path as NSString).appendingPathComponent(relativePath)
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Close-on-exec: Foundation's `Data.write` leaves the descriptor open in any child another test
        // spawns meanwhile, and an executable written so stays "busy" (ETXTBSY) for that child's life.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FixtureFailure("cannot create \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        guard writeAll(bytes, to: descriptor) else {
            throw FixtureFailure("cannot write \(file): \(String(cString: strerror(errno)))")
        }
        return file
    }

    /// The path of a name inside the folder (nothing is created).
    public func file(_ relativePath: String) -> String { (path as NSString).appendingPathComponent(relativePath) }

    /// Creates an empty folder inside this one.
    ///
    /// - Returns: The folder's absolute path.
    @discardableResult
    public func makeFolder(_ relativePath: String) throws -> String {
        let folder = (path as NSString).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// Runs `body` with standard error sent to a file, and returns what was
/// written there.
///
/// Standard error belongs to the whole process, and tests run in
/// parallel: whatever else was written meanwhile (another test's output) is
/// written back to the real standard error afterwards, so nothing is lost.
public func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let folder = try TemporaryFolder()
    let file = (folder.path as NSString).appendingPathComponent("stderr.txt")
    let capture = open(file, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
    guard capture >= 0 else { throw CocoaError(.fileWriteUnknown) }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    dup2(capture, STDERR_FILENO)
    close(capture)
    do {
        try body()
    } catch {
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        throw error
    }
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
    let data = FileManager.default.contents(atPath: file) ?? Data()
    if !data.isEmpty { FileHandle.standardError.write(data) }
    return String(decoding: data, as: UTF8.self)
}

/// A fresh folder for files that must outlive the test's scope (a program still reading them),
/// removed when the test process exits; ``TemporaryFolder`` is removed with its value.
public func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "keyinputkit-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TestFolders.removeAtExit(path)
    return path
}

/// The folders the tests made, removed when the process exits.
private enum TestFolders {
    static let paths = Mutex<[String]>([])
    /// Registers the exit handler, once.
    static let exitHandler: Void = { atexit { TestFolders.removeAll() } }()

    static func removeAtExit(_ path: String) {
        _ = exitHandler
        paths.withLock { $0.append(path) }
    }

    static func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Writes every byte to `descriptor`, going on after interruptions; `false` on an error (see `errno`).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if result < 0, errno == EINTR { continue }
        guard result > 0 else { return false }
        written += result
    }
    return true
}

/// A fixture file that could not be written, naming it and why.
public struct FixtureFailure: Error, CustomStringConvertible {
    /// The file and the system's reason.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A wait that ran out of time, naming what it waited for.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What was waited for, and how long.
    public let description: String
    /// Creates the failure of a wait, in words.
    public init(description: String) { self.description = description }
}

/// Turns `turn` until `done` holds: the one way the tests wait on a loop, a daemon or a file.
///
/// - Parameters:
///   - what: What is waited for, in words, for the failure's message.
///   - timeout: How long to wait, in seconds.
///   - turn: One step of whatever makes progress (a host's loop, a short sleep).
///   - done: Whether the wait is over.
/// - Throws: ``WaitTimedOut`` naming `what` when `timeout` passes first; what `turn` throws.
public func waitUntil(
    _ what: @autoclosure () -> String, timeout: Double = 10, turn: () throws -> Void, _ done: () throws -> Bool
) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !done() {
        guard Date() < deadline else {
            throw WaitTimedOut(description: "waited \(timeout) s for \(what()), in vain")
        }
        try turn()
    }
}
