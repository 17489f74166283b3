import TestSupport
import Testing
import XKB

/// The compose table of the environment's locale, as keyinput and a
/// keyboard choose it by default, falling back to en_US.UTF-8's with a notice.
@Suite struct LocaleComposeTableTests {
    @Test func theEnvironmentLocaleIsLCAllThenLCCTypeThenLang() throws {
        let context = try XKBFixtures.context()
        let lookup = ComposeTable.lookUp(
            environment: ["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8", "LANG": "xx_YY.UTF-8"], context: context)
        #expect(lookup.requestedLocale == "de_DE.UTF-8")
        #expect(lookup.table?.locale == "de_DE.UTF-8")
        #expect(lookup.notice == nil)
    }

    @Test func aLocaleWithoutATableFallsBackToEnUSWithANoticeNamingIt() throws {
        let context = try XKBFixtures.context()
        let lookup = ComposeTable.lookUp(environment: ["LANG": "xx_YY.UTF-8"], context: context)
        #expect(lookup.table?.locale == "en_US.UTF-8")
        #expect(lookup.notice == "locale \"xx_YY.UTF-8\" has no compose table; using en_US.UTF-8's")
    }

    @Test func anEmptyEnvironmentAsksForTheCLocale() throws {
        let context = try XKBFixtures.context()
        let lookup = ComposeTable.lookUp(environment: [:], context: context)
        #expect(lookup.requestedLocale == "C")
        #expect(lookup.table != nil)  // C's own table or en_US.UTF-8's: dead keys still compose
    }

    @Test func whenNoTableLoadsComposeIsOffAndTheNoticeSaysSo() {
        struct Missing: Error {}
        let lookup = ComposeTable.lookUp(locale: "xx_YY.UTF-8") { _ in throw Missing() }
        #expect(lookup.table == nil)
        #expect(lookup.notice?.contains("compose is off") == true)
    }
}
