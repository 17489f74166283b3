import ArgumentParser
import DatePickerDemo
import Foundation
import KeyInputDisplay
import KeyInputKit
import KeymapCommandLine
import KeymapTools
import XKB

#if canImport(Glibc)
    import Glibc
#endif

/// `date-picker-demo`: a sign-up form whose Birthday field shows a date
/// picker instead of a keyboard, in a Wayland or X11 window, or headless.
@main
struct DatePickerDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date-picker-demo",
        abstract: "A form with a date picker instead of a keyboard, in a Wayland or X11 window, or headless.",
        discussion: """
            With WAYLAND_DISPLAY set, opens a Wayland window; else, with DISPLAY set, an X11 window \
            (--backend chooses). The window runs until it is closed; keys are decoded with the \
            compositor's or the X server's keymap, or with the one the keymap options name. With \
            neither, or with --backend headless, plays a scripted session (the built-in one, or \
            --events FILE) and writes PNG frames to --output. Events files hold one event a line: key TOKEN (keyinput's token \
            syntax), click X Y, click CONTROL-ID, type TEXT, wait SECONDS, screenshot NAME.
            Exit codes: 0 success (the window closed), 1 failure (a frame not written, the compositor \
            or X server gone), 2 usage error.
            """,
        version: keyInputKitVersion)

    @OptionGroup var keymap: KeymapOptions
    @OptionGroup var compose: ComposeOptions

    @Option(name: .customLong("events"), help: ArgumentHelp("Play the events in this file first.", valueName: "file"))
    var eventsFile: String?

    @Flag(help: "Print the state as one line of JSON at the start and after each change.")
    var state = false

    @Option(
        help: ArgumentHelp(
            "Where the window opens: wayland, x11 or headless (default: wayland with $WAYLAND_DISPLAY, else x11 with $DISPLAY, else headless).",
            valueName: "name"))
    var backend: DisplayBackend?

    @Flag(help: "Run headless even when a display is set (as --backend headless).")
    var headless = false

    @Option(
        help: ArgumentHelp(
            "The display to open: an X display such as :0, or a Wayland socket name or path (default: $WAYLAND_DISPLAY or $DISPLAY).",
            valueName: "name"))
    var display: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Underline misspelt words in the text fields (enchant-2 and the system's dictionaries); on by default.")
    var spellChecking = true

    @Option(help: ArgumentHelp("The folder PNG frames are written to.", valueName: "dir"))
    var output = "demo-frames"

    @Option(parsing: .unconditional, help: "Pixels per point of the PNG frames, from 0.25 to 8.")
    var scale = 1.0

    @Option(
        help: ArgumentHelp(
            "The birthday shown at first, and the latest one allowed, as a Gregorian date whatever --calendar is (default: today).",
            valueName: "yyyy-mm-dd"))
    var date: String?

    @Option(
        help: ArgumentHelp(
            "The locale dates are written in, such as en_US, fa_IR or he_IL@calendar=hebrew, and the language of the toolkit's own words (default: the environment's).",
            valueName: "id"))
    var locale: String?

    @Option(
        help: ArgumentHelp(
            "The date picker's calendar: gregorian, buddhist, persian, islamic-umalqura, hebrew, japanese, chinese, or any other Foundation knows (default: the locale's, which an @calendar= keyword in --locale sets).",
            valueName: "id"))
    var calendar: String?

    @Option(
        name: .customLong("layout-direction"),
        help: ArgumentHelp(
            "The window's layout direction: ltr or rtl (default: the direction of --locale's language, else the environment's).",
            valueName: "dir"))
    var layoutDirection: LayoutDirectionOption?

    @Option(help: ArgumentHelp("The window's size in points, from 320x300 to 4096x4096 (default: 480x640).", valueName: "WxH"))
    var size = "480x640"

    @Option(
        name: .customLong("on-screen-keyboard"),
        help: ArgumentHelp(
            "When typing fields get the demo's own on-screen keyboard: always, auto (without a hardware keyboard) or never (the desktop's keyboard, if it has one, comes instead).",
            valueName: "when"))
    var onScreenKeyboard = OnScreenKeyboardOption.always

    func validate() throws {
        try checkPictureScale(scale)
        if let date, Self.parseDate(date, calendar: Calendar(identifier: .gregorian)) == nil {
            throw ValidationError("--date \(date): expected a date such as 1990-06-15")
        }
        if let calendar {
            do { _ = try DemoCalendar.resolve(calendar) } catch let error as DemoError { throw ValidationError(error.message) }
        }
        if Self.parseSize(size) == nil {
            throw ValidationError("--size \(size): expected a width and a height from 320x300 to 4096x4096, such as 480x420")
        }
    }

    /// Runs the demo: a window, or the headless session.
    @MainActor
    func start() throws {
        let events = try readEvents()
        let (chosenBackend, displayName) = try chooseBackend(environment: ProcessInfo.processInfo.environment)
        let windowed = chosenBackend != .headless
        // In a window, the server's keymap unless one is named; headless, the named one or the default (us).
        let chosenKeymap = windowed && !keymap.namesAKeymap ? nil : try keymap.compile()
        let composeTable = try compose.table()

        let chosenLocale = try locale.map { try DemoLocale.resolve($0) }
        if let warning = chosenLocale?.warning { printError(warning) }
        let form = try makeForm(locale: chosenLocale?.locale ?? Locale.current)
        // The toolkit's own words (the accessory bar, the picker's hints) in --locale's language; else the environment's.
        form.window.locale = chosenLocale?.locale
        form.window.layoutDirection = layoutDirection?.direction
        let printState: (String) -> Void = { line in
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        if windowed {
            let demo = try DemoWindow(
                form: form, backend: chosenBackend, display: displayName, keymapOverride: chosenKeymap, composeTable: composeTable,
                frameFolder: output)
            if state { demo.player.stateHandler = printState }
            if !spellChecking { demo.session.application.spellChecker = nil }
            demo.player.scale = scale
            try check(events, with: demo.session)
            try demo.play(events?.list ?? [], source: events?.source ?? "")
            Termination.install()
            try demo.run { Termination.requested }
        } else {
            if backend == nil, !headless {
                printError("no WAYLAND_DISPLAY or DISPLAY: playing the session headless, frames in \(output)/")
            }
            let keyboard = HardwareKeyboard(keymap: try chosenKeymap ?? keymap.compile(), composeTable: composeTable)
            let session = DemoSession(form: form, keyboard: keyboard, clock: .scripted)
            let player = DemoPlayer(session: session, frameFolder: output)
            if !spellChecking { session.application.spellChecker = nil }
            player.scale = scale
            if state { player.stateHandler = printState }
            let script = try events ?? (list: DemoScript.parse(DemoScript.builtIn(for: form.birthday.picker.locale)), source: "built-in session")
            try check(script, with: session)
            try player.playHeadless(script.list, source: script.source)
            if !state { print("wrote \(player.framesWritten.count) frames to \(output)/") }
        }
    }

    /// The backend and display to open: `--backend`, else what `--display`
    /// looks like (`:0` is X11), else `WAYLAND_DISPLAY`, else `DISPLAY`,
    /// else headless.
    func chooseBackend(environment: [String: String]) throws -> (DisplayBackend, String?) {
        if headless {
            if let backend, backend != .headless {
                throw DemoError("--headless and --backend \(backend.rawValue) contradict each other", code: .usage)
            }
            return (.headless, nil)
        }
        do {
            return try DisplayBackend.choose(requested: backend, display: display, environment: environment)
        } catch let error as HostError {
            throw DemoError(error.message, code: .failure)
        }
    }

    /// The events file, parsed, or `nil` without `--events`.
    private func readEvents() throws -> (list: [(line: Int, event: DemoEvent)], source: String)? {
        guard let eventsFile else { return nil }
        let data: [UInt8]
        do {
            data = try InputFile(eventsFile).read()
        } catch {
            throw DemoError("--events " + error.message)
        }
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw DemoError("--events \(eventsFile): not valid UTF-8")
        }
        do {
            return (try DemoScript.parse(text), eventsFile)
        } catch let error as DemoScriptError {
            throw DemoError("\(eventsFile):\(error.line): \(error.message)")
        }
    }

    @MainActor
    private func check(_ events: (list: [(line: Int, event: DemoEvent)], source: String)?, with session: DemoSession)
        throws
    {
        for (line, event) in events?.list ?? [] {
            do { try session.validate(event) } catch let error as DemoError {
                throw DemoError("\(events?.source ?? ""):\(line): \(error.message)")
            }
        }
    }

    /// The form, its picker in `--calendar`, else the locale's calendar.
    @MainActor
    private func makeForm(locale: Locale) throws -> DemoForm {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone.current
        let initial = date.flatMap { Self.parseDate($0, calendar: gregorian) } ?? Self.noonToday(calendar: gregorian)
        var calendar = Calendar(identifier: try self.calendar.map(DemoCalendar.resolve) ?? locale.calendar.identifier)
        calendar.timeZone = TimeZone.current
        calendar.locale = locale
        let form = DemoForm(initialDate: initial, calendar: calendar, locale: locale)
        form.window.onScreenKeyboardPolicy = onScreenKeyboard.policy
        if let size = Self.parseSize(size) { form.window.resize(to: size) }
        return form
    }

    /// A `WxH` size in points within 320x300 … 4096x4096, or `nil`.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
            (320...4096).contains(width), (300...4096).contains(height)
        else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// Noon of a `yyyy-mm-dd` day in the calendar's time zone (noon: no DST day lacks it).
    static func parseDate(_ text: String, calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2],
            (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    static func noonToday(calendar: Calendar) -> Date {
        calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date()) ?? Date()
    }

    /// Runs the command: usage errors exit 2, failures 1, each with one line on standard error.
    @MainActor
    static func main() {
        runMain { command in
            guard let demo = command as? Self else { return try command.run() }
            do { try demo.start() } catch let error as DemoError { throw CLIError(error) }
        }
    }
}

extension DisplayBackend: ExpressibleByArgument {}

/// `--on-screen-keyboard`: the window's `OnScreenKeyboardPolicy`.
enum OnScreenKeyboardOption: String, ExpressibleByArgument, CaseIterable {
    case always, auto, never

    var policy: OnScreenKeyboardPolicy {
        switch self {
        case .always: .always
        case .auto: .whenNoHardwareKeyboard
        case .never: .never
        }
    }
}

/// `--layout-direction`: the window's `layoutDirection`.
enum LayoutDirectionOption: String, ExpressibleByArgument, CaseIterable {
    case ltr, rtl

    var direction: UserInterfaceLayoutDirection { self == .ltr ? .leftToRight : .rightToLeft }
}

extension CLIError {
    /// The demo's error, with its exit code: 2 for usage, 1 for a failure.
    init(_ error: DemoError) {
        self.init(message: error.message, exitCode: error.code == .usage ? 2 : 1)
    }
}

extension KeymapOptions {
    /// Whether any option names a keymap.
    var namesAKeymap: Bool {
        keymapFile != nil || [rules, model, layout, variant, options].contains { $0 != nil }
    }
}
