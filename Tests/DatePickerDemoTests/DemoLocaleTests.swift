import DatePickerDemo
import Foundation
import TestSupport
import Testing

@Suite("--locale: checked before Foundation sees it")
struct DemoLocaleTests {
    @Test("an identifier that is not one is a usage error naming it", arguments: ["ü", "é", "日本", "", "e", "en_", "de DE", "x\u{1b}[31m"])
    func notWellFormed(_ identifier: String) {
        #expect {
            try DemoLocale.resolve(identifier)
        } throws: { error in
            let error = try #require(error as? DemoError)
            return error.code == .usage && error.message.contains(identifier.debugDescription)
        }
    }

    @Test("well formed and known: used as given", arguments: ["de_DE", "sr_Latn_RS", "en", "es-419", "en_US.UTF-8", "de_DE@calendar=buddhist"])
    func known(_ identifier: String) throws {
        let (locale, warning) = try DemoLocale.resolve(identifier)
        #expect(warning == nil)
        #expect(locale.identifier.hasPrefix(String(identifier.prefix(2))))
    }

    @Test("a language nobody has data for falls back, and says so")
    func unknownLanguage() throws {
        let fallback = Locale(identifier: "de_DE")
        let (locale, warning) = try DemoLocale.resolve("xx_YY", fallback: fallback)
        #expect(locale.identifier == "de_DE")
        #expect(warning?.contains("xx_YY") == true && warning?.contains("de_DE") == true)
    }

    @Test("C and POSIX are the POSIX locale")
    func posix() throws {
        #expect(try DemoLocale.resolve("C").locale.identifier == "en_US_POSIX")
        #expect(try DemoLocale.resolve("POSIX").locale.identifier == "en_US_POSIX")
        #expect(try DemoLocale.resolve("C.UTF-8").warning == nil)
    }

    @Test("the demo exits 2 with a message where Foundation crashed (SIGILL)", arguments: ["ü", "日本"])
    func demoRefusesIt(_ identifier: String) throws {
        let result = try DemoBinary.run(["--headless", "--locale", identifier, "--output", try TemporaryFolder().path])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--locale"), "\(result)")
    }

    @Test("the demo writes dates in the environment's way for an unknown language, and warns")
    func demoFallsBack() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("events", "")
        let result = try DemoBinary.run([
            "--headless", "--locale", "xx_YY", "--state", "--events", events, "--date", "2026-03-29", "--output",
            folder.path,
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("xx_YY"), "\(result)")
        let first = try #require(try DemoState.lines(result.stdout).first)
        #expect(first.value("birthday")?.contains("2026") == true)
        #expect(first.value("birthday")?.contains("M03") == false, "\(first.value("birthday") ?? "")")
    }
}
