import DatePickerDemo
import Foundation
import KeyInputKit
import TestSupport
import Testing

@Suite("--calendar and --locale: the picker's calendar and the toolkit's words (issue 34)")
struct DemoCalendarTests {
    @Test("every CLDR name Foundation knows is taken, in any case", arguments: ["gregorian", "persian", "islamic-umalqura", "HEBREW", "Japanese"])
    func known(_ name: String) throws {
        let identifier = try DemoCalendar.resolve(name)
        #expect(Locale(identifier: "und@calendar=" + name.lowercased()).calendar.identifier == identifier)
        #expect(DemoCalendar.names.contains(name.lowercased()))
    }

    @Test(
        "a name Foundation does not know is a usage error with the nearest names",
        arguments: [("gregorain", "gregorian"), ("umalqura", "islamic-umalqura"), ("persain", "persian"), ("hebrw", "hebrew")])
    func misspelt(_ name: String, nearest: String) {
        #expect {
            try DemoCalendar.resolve(name)
        } throws: { error in
            let error = try #require(error as? DemoError)
            return error.code == .usage && error.message.contains(name.debugDescription)
                && error.message.contains("did you mean \"\(nearest)\"")
        }
    }

    @Test("what is not a name at all is refused, never passed on as locale keywords", arguments: ["", "hebrew;numbers=hebr", "persian@x", "٣", "zzzzzzzz"])
    func notAName(_ name: String) {
        #expect(throws: DemoError.self) { try DemoCalendar.resolve(name) }
    }

    @Test("the demo exits 2 on an unknown calendar, naming the nearest, before drawing anything")
    func demoRefusesIt() throws {
        let folder = try TemporaryFolder()
        let result = try DemoBinary.run(["--headless", "--calendar", "buddist", "--output", folder.path + "/frames"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains(#"--calendar "buddist": not a calendar Foundation knows; did you mean "buddhist"?"#), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/frames"))
    }

    /// Birthday's value when the demo starts with these options on 20 February 2024.
    static func birthday(_ options: [String]) throws -> String {
        let folder = try TemporaryFolder()
        let events = try folder.write("events", "")
        let result = try DemoBinary.run(
            ["--headless", "--state", "--events", events, "--date", "2024-02-20", "--output", folder.path] + options)
        #expect(result.status == 0, "\(result)")
        return try #require(try DemoState.lines(result.stdout).first?.value("birthday"))
    }

    /// The year of 20 February 2024 (noon, UTC) as Foundation writes it in a calendar and locale.
    static func year(in identifier: Calendar.Identifier, locale: String) -> String {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "y"
        return formatter.string(from: noon(2024, 2, 20))
    }

    @Test(
        "without --calendar the picker is in the locale's calendar (@calendar= included), not Gregorian",
        arguments: ["fa_IR", "th_TH", "ar_SA", "he_IL@calendar=hebrew", "ja_JP@calendar=japanese"])
    func localesCalendar(_ locale: String) throws {
        let identifier = Locale(identifier: locale).calendar.identifier
        try #require(identifier != .gregorian, "Foundation gives \(locale) the Gregorian calendar")
        let shown = try Self.birthday(["--locale", locale])
        #expect(shown.contains(Self.year(in: identifier, locale: locale)), "\(locale): \(shown)")
        #expect(shown != (try Self.birthday(["--locale", locale, "--calendar", "gregorian"])), "\(locale): \(shown)")
    }

    @Test(
        "--calendar reaches the picker: the year is that calendar's, not 2024",
        arguments: ["buddhist", "persian", "hebrew", "islamic-umalqura", "japanese", "coptic"])
    func explicitCalendar(_ name: String) throws {
        let shown = try Self.birthday(["--locale", "en_US", "--calendar", name])
        #expect(shown.contains(Self.year(in: try DemoCalendar.resolve(name), locale: "en_US")), "\(name): \(shown)")
        #expect(!shown.contains("2024"), "\(name): \(shown)")
        #expect(try Self.birthday(["--locale", "en_US"]).contains("2024"))
    }

    @Test("--date stays a Gregorian date: 2024-02-20 is 1 Esfand 1402 in the Persian calendar")
    func dateIsGregorian() throws {
        let shown = try Self.birthday(["--locale", "en_US", "--calendar", "persian"])
        var persian = Calendar(identifier: .persian)
        persian.timeZone = TimeZone(identifier: "UTC")!
        let parts = persian.dateComponents([.year, .month, .day], from: noon(2024, 2, 20))
        #expect(parts.year == 1402 && parts.month == 12 && parts.day == 1)
        #expect(shown.contains("1402") && shown.contains(" 1,"), "\(shown)")
    }

    /// The frame drawn after a click on Name (the keyboard and its accessory bar), with `LANG`
    /// set, and the rows of the accessory bar.
    static func nameFrame(lang: String, locale: String) async throws -> (frame: Pixels, bar: Range<Int>) {
        let folder = try TemporaryFolder()
        let events = try folder.write("events", "click name\nwait 0.5\nscreenshot bar\n")
        let result = try ChildProcess.run(
            [
                try DemoBinary.path(), "--headless", "--state", "--no-spell-checking", "--events", events, "--date",
                "2024-02-20", "--locale", locale, "--output", folder.path,
            ],
            environment: [
                "DISPLAY": nil, "WAYLAND_DISPLAY": nil, "TZ": "UTC", "LANG": lang, "LANGUAGE": nil, "LC_ALL": nil,
                "LC_MESSAGES": nil,
            ],
            timeout: 120)
        #expect(result.status == 0, "\(result)")
        let top = Int(try #require(try DemoState.lines(result.stdout).last?.keyboardFrame[1]))
        let barHeight = Int(await InputAccessoryBar.height)
        return (try await Pixels.load(png: folder.path + "/bar.png"), top..<(top + barHeight))
    }

    /// How many pixels of these rows differ between two frames of the same size.
    static func differing(_ a: Pixels, _ b: Pixels, rows: Range<Int>) -> Int {
        rows.reduce(0) { count, y in count + (0..<a.width).count { a[$0, y] != b[$0, y] } }
    }

    @Test("--locale sets the window's words: the accessory bar is German for de_DE under LANG=C, English for en_US under LANG=de_DE")
    func localeSetsTheWindowsWords() async throws {
        let english = try await Self.nameFrame(lang: "C.UTF-8", locale: "en_US")
        let englishUnderGerman = try await Self.nameFrame(lang: "de_DE.UTF-8", locale: "en_US")
        let german = try await Self.nameFrame(lang: "C.UTF-8", locale: "de_DE")
        let germanUnderGerman = try await Self.nameFrame(lang: "de_DE.UTF-8", locale: "de_DE")
        #expect(Self.differing(english.frame, englishUnderGerman.frame, rows: 0..<english.frame.height) == 0, "LANG=de_DE changed what --locale en_US draws")
        #expect(Self.differing(german.frame, germanUnderGerman.frame, rows: 0..<german.frame.height) == 0, "LANG=C changed what --locale de_DE draws")
        #expect(Self.differing(english.frame, german.frame, rows: english.bar) > 0, "the accessory bar is drawn alike in en_US and de_DE")
    }
}
