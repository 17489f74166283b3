import Foundation

#if canImport(Glibc)
    import Glibc
#endif
import KeyInputCairo
import KeyInputKit
import KeyInputSpelling

/// Plays events on a ``DemoSession``: reports each change of state, and
/// writes PNG frames for `screenshot` events.
///
/// Headless, ``playHeadless(_:source:)`` plays a whole script and writes a
/// last frame, `final.png`:
///
/// ```swift
/// let player = DemoPlayer(session: session, frameFolder: "frames")
/// player.stateHandler = { print($0) }
/// let events = try DemoScript.parse(DemoScript.builtIn)
/// try player.playHeadless(events, source: "built-in session")
/// ```
@MainActor
public final class DemoPlayer {
    /// The session played on.
    public let session: DemoSession
    /// The folder frames are written to; it is created when the first frame is written.
    public let frameFolder: String
    /// Pixels per point of the frames.
    public var scale = 1.0
    /// Receives the state, one line of JSON, each time it changes (see
    /// ``DemoSession/stateJSON()``).
    public var stateHandler: ((String) -> Void)?
    /// Draws the window into a PNG file; headless by default (cairo, in memory).
    public var frameWriter: (_ path: String, _ scale: Double) throws -> Void
    /// The paths of the frames written so far, in order.
    public private(set) var framesWritten: [String] = []

    /// Creates a player.
    ///
    /// The session's window lays its text out with a `PangoTextLayoutEngine`
    /// from now on (unless it already has one): the frames show shaped,
    /// bidirectional text with fallback fonts. Character-grid renders of
    /// the window (`TextCanvas`) still work, from the same layouts.
    ///
    /// - Parameters:
    ///   - session: The session to play on.
    ///   - frameFolder: Where frames go.
    public init(session: DemoSession, frameFolder: String) {
        self.session = session
        self.frameFolder = frameFolder
        let window = session.window
        // Frames show text as it looks: laid out with Pango, unless a host already gave the window an engine.
        if !(window.textLayoutEngine is PangoTextLayoutEngine), let engine = try? PangoTextLayoutEngine() {
            window.textLayoutEngine = engine
        }
        // Misspelt words are underlined, as in a window (the display host gives one too).
        if session.application.spellChecker == nil { session.application.spellChecker = EnchantSpellChecker() }
        frameWriter = { path, scale in try renderPNG(window: window, to: path, scale: scale) }
    }

    /// Sends the state to ``stateHandler`` when it changed since the last report.
    public func reportState() {
        guard let stateHandler, let state = session.stateIfChanged() else { return }
        stateHandler(state)
    }

    /// Writes the window as it is now to `NAME.png` in ``frameFolder``; an
    /// existing file is replaced in one step.
    ///
    /// - Parameter name: The file name without `.png`.
    /// - Returns: The path written.
    /// - Throws: ``DemoError`` (`failure`) when the folder or the file cannot be written.
    @discardableResult
    public func writeFrame(named name: String) throws -> String {
        let path = (frameFolder as NSString).appendingPathComponent(name + ".png")
        do {
            try FileManager.default.createDirectory(atPath: frameFolder, withIntermediateDirectories: true)
        } catch {
            throw DemoError("cannot create the frame folder \(frameFolder): \(Self.reason(error))", code: .failure)
        }
        // Written beside, then renamed: a reader never sees half a frame.
        let partial = path + ".partial"
        do {
            try frameWriter(partial, scale)
            if rename(partial, path) != 0 { throw DemoError(String(cString: strerror(errno)), code: .failure) }
        } catch {
            unlink(partial)
            throw DemoError("cannot write \(path): \(error)", code: .failure)
        }
        framesWritten.append(path)
        return path
    }

    /// Plays one line of an events file, then reports the state. A
    /// `screenshot` writes a frame; a `wait` moves the session's clock.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - line: Its line in `source`, for messages.
    ///   - source: The events file's name.
    /// - Throws: ``DemoError``: `usage`, naming the file and line, when the
    ///   event asks for a control, key or character that is not there;
    ///   `failure` when a frame cannot be written.
    public func play(_ event: DemoEvent, line: Int, source: String) throws {
        do {
            if case .screenshot(let name) = event {
                try writeFrame(named: name)
            } else {
                try session.play(event)
            }
        } catch var error as DemoError where error.code == .usage {
            error.message = "\(source):\(line): \(error.message)"
            throw error
        }
        reportState()
    }

    /// Plays a whole script headlessly, reporting the state first and after
    /// each event, then lets animations finish and writes `final.png`.
    ///
    /// - Parameters:
    ///   - events: The events, with their line numbers.
    ///   - source: The events file's name, for messages.
    /// - Throws: ``DemoError``, as ``play(_:line:source:)``.
    public func playHeadless(_ events: [(line: Int, event: DemoEvent)], source: String) throws {
        reportState()
        for (line, event) in events {
            try play(event, line: line, source: source)
        }
        // Past the end of any input view animation: the last frame shows the window at rest.
        session.tester.advance(by: session.window.inputViewAnimation.duration + 0.1)
        reportState()
        try writeFrame(named: "final")
    }

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
