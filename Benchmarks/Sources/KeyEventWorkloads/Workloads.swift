import CBaseline
import KeyInputKit
import XKB

/// A path a key event can take, from the raw C loop to a text field.
public enum BenchPath: String, CaseIterable, Sendable {
    /// The raw libxkbcommon loop in C (`kik_c_baseline`).
    case c
    /// The same calls through the `XKB` wrapper: `keysym(of:)`, `text(of:)`,
    /// `updateKey(_:direction:)` (and `ComposeState` with compose on).
    case wrapper
    /// The key-to-text pipeline: `KeyEventDecoder.decode(_:)`.
    case pipeline
    /// The full route: `HardwareKeyboard` → `Window` → key commands →
    /// `TextField.insertText(_:)`.
    case route

    /// How the tables name the path.
    public var title: String {
        switch self {
        case .c: "C baseline (raw libxkbcommon)"
        case .wrapper: "XKB wrapper decode"
        case .pipeline: "KeyEventDecoder pipeline"
        case .route: "full route to TextField"
        }
    }
}

/// One measured configuration: a path, a layout, compose on or off.
public struct BenchCase: Hashable, Sendable, CustomStringConvertible {
    public var path: BenchPath
    public var layout: String
    public var compose: Bool

    public init(path: BenchPath, layout: String, compose: Bool) {
        self.path = path
        self.layout = layout
        self.compose = compose
    }

    /// `wrapper/de/compose`, the name the command line takes.
    public var description: String { "\(path.rawValue)/\(layout)/\(compose ? "compose" : "plain")" }

    /// Parses `wrapper/de/compose`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/").map(String.init)
        guard parts.count == 3, let path = BenchPath(rawValue: parts[0]), ["compose", "plain"].contains(parts[2]) else {
            return nil
        }
        self.init(path: path, layout: parts[1], compose: parts[2] == "compose")
    }

    /// The C baseline of the same layout and compose setting.
    public var baseline: BenchCase { BenchCase(path: .c, layout: layout, compose: compose) }

    /// Every case: four paths × us, de × compose off, on.
    public static let all: [BenchCase] = ["us", "de"].flatMap { layout in
        [false, true].flatMap { compose in BenchPath.allCases.map { BenchCase(path: $0, layout: layout, compose: compose) } }
    }
}

/// The locale whose compose table the compose cases load.
public let benchComposeLocale = "en_US.UTF-8"

/// The fixed-seed event mix, made by the C generator that the C baseline and
/// the token file use too.
public struct EventMix: Sendable {
    /// The tokens, as `keyinput type` reads them.
    public let tokens: [kik_token]
    /// Their events, in order.
    public let events: [kik_event]

    /// The first `tokenCount` tokens of the mix for `seed`.
    public init(tokenCount: Int, seed: UInt64 = KIK_MIX_SEED) {
        var tokens = [kik_token](repeating: kik_token(), count: tokenCount)
        kik_mix_tokens(seed, tokenCount, &tokens)
        var events = [kik_event](repeating: kik_event(), count: tokenCount * 4)
        let count = kik_mix_events(tokens, tokenCount, &events)
        events.removeLast(events.count - count)
        self.tokens = tokens
        self.events = events
    }

    /// The token text, one token a line.
    public var tokenText: String {
        tokens.map { token in
            let key = String(cString: kik_key_name(token.key))
            return token.modifier == 0 ? key : String(cString: kik_key_name(token.modifier)) + "+" + key
        }.joined(separator: "\n") + "\n"
    }
}

/// A prepared path: call ``run(_:)`` with events; it returns a sum of what
/// it read so that nothing is optimised away.
@MainActor
public final class BenchRunner {
    public let benchCase: BenchCase
    private let body: (UnsafeBufferPointer<kik_event>) -> UInt64
    private let teardown: () -> Void

    private init(
        _ benchCase: BenchCase, teardown: @escaping () -> Void = {},
        body: @escaping (UnsafeBufferPointer<kik_event>) -> UInt64
    ) {
        self.benchCase = benchCase
        self.body = body
        self.teardown = teardown
    }

    isolated deinit { teardown() }

    /// Runs events through the path.
    public func run(_ events: UnsafeBufferPointer<kik_event>) -> UInt64 { body(events) }

    /// Builds the keyboard (and for the full route, the window) of a case.
    public static func make(_ benchCase: BenchCase) throws -> BenchRunner {
        if benchCase.path == .c {
            guard let keyboard = kik_keyboard_new(benchCase.layout, benchCase.compose ? benchComposeLocale : nil) else {
                throw BenchError("the C keyboard for \(benchCase) could not be made")
            }
            return BenchRunner(benchCase, teardown: { kik_keyboard_free(keyboard) }) {
                kik_c_baseline(keyboard, $0.baseAddress, $0.count)
            }
        }
        let context = try Context(options: .noEnvironmentNames)
        let keymap = try Keymap(context: context, names: RuleNames(layout: benchCase.layout))
        let table = benchCase.compose ? try ComposeTable(context: context, locale: benchComposeLocale) : nil
        switch benchCase.path {
        case .c:
            preconditionFailure("handled above")
        case .wrapper:
            let loop = WrapperLoop(keymap: keymap, composeTable: table)
            return BenchRunner(benchCase) { loop.run($0) }
        case .pipeline:
            let decoder = KeyEventDecoder(keymap: keymap, composeTable: table)
            return BenchRunner(benchCase) { events in
                var sink: UInt64 = 0
                for event in events {
                    let decoded = decoder.decode(KeyEvent(Keycode(evdev: event.evdev), event.up != 0 ? .up : .down))
                    sink &+= UInt64(decoded.keysyms.first?.rawValue ?? 0)
                    switch decoded.action {
                    case .insertText(let text): sink &+= UInt64(text.utf8.count) &+ UInt64(text.utf8.first ?? 0)
                    case .deleteBackward: sink &+= 1
                    case .none, .composing, .composeCancelled: break
                    }
                }
                return sink
            }
        case .route:
            let route = FullRoute(keymap: keymap, composeTable: table)
            return BenchRunner(benchCase) { route.run($0) }
        }
    }
}

/// What the benchmark could not set up.
public struct BenchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The C loop's calls, made through the `XKB` wrapper.
final class WrapperLoop {
    let state: KeyboardState
    let compose: ComposeState?

    init(keymap: Keymap, composeTable: ComposeTable?) {
        state = KeyboardState(keymap: keymap)
        compose = composeTable.map(ComposeState.init(table:))
    }

    func run(_ events: UnsafeBufferPointer<kik_event>) -> UInt64 {
        var sink: UInt64 = 0
        for event in events {
            let key = Keycode(evdev: event.evdev)
            if event.up != 0 {
                state.updateKey(key, direction: .up)
                continue
            }
            let keysym = state.keysym(of: key)
            var text = state.text(of: key)
            if let compose, compose.feed(keysym) == .accepted {
                switch compose.status {
                case .composed:
                    text = compose.text
                    compose.reset()
                case .cancelled:
                    compose.reset()
                    text = ""
                case .composing:
                    text = ""
                case .nothing:
                    break
                }
            }
            sink &+= UInt64(keysym.rawValue) &+ UInt64(text.utf8.count) &+ UInt64(text.utf8.first ?? 0)
            state.updateKey(key, direction: .down)
        }
        return sink
    }
}

/// A window with one text field, first responder, in an application with a
/// hardware keyboard: a chat box whose Return sends (clears) the text.
@MainActor
final class FullRoute {
    let application = Application()
    let window = Window(size: Size(width: 400, height: 300))
    let field = TextField(frame: Rect(x: 10, y: 10, width: 380, height: 24))
    let keyboard: HardwareKeyboard
    private var time = 0.0
    private var sent = 0

    init(keymap: Keymap, composeTable: ComposeTable?) {
        keyboard = HardwareKeyboard(keymap: keymap, composeTable: composeTable)
        application.addWindow(window)
        application.attach(keyboard)
        window.addSubview(field)
        _ = field.becomeFirstResponder()
        field.addAction(for: .primaryActionTriggered) { [unowned self] _ in
            sent &+= field.text.utf8.count
            field.text = ""
        }
    }

    func run(_ events: UnsafeBufferPointer<kik_event>) -> UInt64 {
        for event in events {
            // 10 ms apart: no key is held long enough to repeat.
            time += 0.01
            keyboard.handleKey(Keycode(evdev: event.evdev), direction: event.up != 0 ? .up : .down, at: time)
        }
        return UInt64(sent) &+ UInt64(field.text.utf8.count)
    }
}
