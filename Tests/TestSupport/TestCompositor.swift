import Foundation
import Testing
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// A Wayland compositor the end-to-end tests run on, one argument of a
/// test that runs on each: `@Test(arguments: TestCompositor.available)`.
///
/// Each compositor is started for one test by ``start(width:height:)``, which gives a
/// ``CompositorSession``: its clients' environment, keys and clicks through
/// the compositor's own seat and keymap, screenshots, and a way to kill it.
///
/// A test runs on ``available``, not on every case: Swift Testing 6.3 has no
/// per-argument skip, and a test case ended with `Test.cancel` is reported as
/// passed. A compositor this machine lacks is reported by a test of its own,
/// disabled with ``reason`` (`DemoOnCompositorTests`), so it shows as skipped.
public enum TestCompositor: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// sway 1.7 on its x11 backend in a private Xvfb, run as `nobody`; keys and
    /// clicks with xdotool on sway's X window (``NestedSway``).
    case sway
    /// GNOME's mutter 43 headless with PipeWire; keys and clicks through its
    /// RemoteDesktop D-Bus API (``HeadlessMutter``).
    case mutter
    /// KDE's kwin 5.27 on its virtual backend; keys and clicks through its
    /// `org_kde_kwin_fake_input` protocol (``HeadlessKWin``, ``KWinFakeInput``).
    case kwin

    /// The compositors this machine can run, in the order of the cases.
    public static let available = allCases.filter(\.isAvailable)

    /// Whether a test can compare what this compositor shows with a picture: kwin's
    /// screenshot interface (`org.kde.KWin.ScreenShot2`) answers only a program its
    /// `.desktop` file trusts, even with `KWIN_WAYLAND_NO_PERMISSION_CHECKS`.
    public var takesScreenshots: Bool { self != .kwin }

    public var testDescription: String { rawValue }

    /// Whether the programs this compositor's session needs are installed.
    public var isAvailable: Bool {
        switch self {
        case .sway: nestedSwayAvailable
        case .mutter: mutterAvailable
        case .kwin: kwinAvailable
        }
    }

    /// Why a test on this compositor is skipped when it is not available.
    public var reason: Comment {
        switch self {
        case .sway: nestedSwayReason
        case .mutter: mutterReason
        case .kwin: kwinReason
        }
    }

    /// Starts this compositor with an output that holds a `width` × `height`
    /// window: that size on sway, which tiles the window over it; 160 × 60 more on
    /// mutter and kwin, which place it.
    ///
    /// - Throws: ``CompositorFailure`` when it is not available (``reason``); else what the
    ///   session's start throws, naming what did not come up.
    @MainActor
    public func start(width: Int = 480, height: Int = 640) throws -> any CompositorSession {
        guard isAvailable else { throw CompositorFailure("\(rawValue): \(reason.rawValue)") }
        switch self {
        case .sway: return try NestedSway(width: width, height: height)
        case .mutter: return try HeadlessMutter(width: width + 160, height: height + 60)
        case .kwin: return try HeadlessKWin(width: width + 160, height: height + 60, placingWindowsAtOrigin: true)
        }
    }
}

/// One compositor running for one test, as the end-to-end tests see it.
///
/// Positions are in the output's pixels. Key names are the kernel's (`KEY_A`,
/// `KEY_LEFTSHIFT`), decoded by the compositor with its own keymap (US on
/// all three).
@MainActor
public protocol CompositorSession: AnyObject {
    /// Which compositor this is.
    var compositor: TestCompositor { get }
    /// The display socket's absolute path, usable as `WAYLAND_DISPLAY`.
    var socketPath: String { get }
    /// The variables a client needs (`WAYLAND_DISPLAY` and whatever else the
    /// session set up), and no `DISPLAY`.
    var clientEnvironment: [String: String?] { get }
    /// Where a new window's content shows when the compositor puts it in a
    /// known place (sway tiles it over the output; kwin is told to by a window
    /// rule); `nil` when it must be found in a screenshot (mutter centres it).
    var knownWindowOrigin: (x: Int, y: Int)? { get }
    /// Whether the compositor still runs.
    var isRunning: Bool { get }
    /// What the compositor logged so far.
    var log: String { get }

    /// Moves the pointer to a point of the output and clicks the left button there.
    func click(x: Int, y: Int) throws
    /// Types chords of kernel key names one after another: `"KEY_LEFTSHIFT+KEY_H"`
    /// presses Shift, then H, and releases them in reverse order.
    func type(keys chords: [String]) throws
    /// Writes what the output shows now as a PNG in the session's folders.
    ///
    /// - Returns: The file's path.
    func screenshot(named name: String) throws -> String
    /// Starts a client of the compositor (`wl-copy`, `wl-paste`) with
    /// ``clientEnvironment``, as the user the compositor expects.
    func startClient(_ arguments: [String], stdoutDescriptor: Int32?) throws -> ChildProcess
    /// Kills the compositor alone: its clients lose their connection.
    func stopCompositor()
}

extension CompositorSession {
    /// The kernel's key names split into chords of codes.
    func chordCodes(_ chords: [String]) throws -> [[UInt32]] {
        try chords.map { chord in
            try chord.split(separator: "+").map { name in
                guard let code = EvdevKeyNames.code(of: String(name)) else {
                    throw CompositorFailure("no key named \(name)")
                }
                return code
            }
        }
    }
}

/// A compositor session that did not do what a test asked.
public struct CompositorFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension HeadlessMutter: CompositorSession {
    public var compositor: TestCompositor { .mutter }
    public var clientEnvironment: [String: String?] { environment }
    /// mutter places a new window itself (centred): find it in a screenshot.
    public var knownWindowOrigin: (x: Int, y: Int)? { nil }

    public func click(x: Int, y: Int) throws { try click(x: Double(x), y: Double(y)) }

    public func startClient(_ arguments: [String], stdoutDescriptor: Int32?) throws -> ChildProcess {
        try ChildProcess(arguments, environment: environment, stdoutDescriptor: stdoutDescriptor)
    }
}
