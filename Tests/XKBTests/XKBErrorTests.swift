import Testing
import XKB

@Suite struct XKBErrorTests {
    @Test func theDescriptionListsErrorsButNotWarnings() {
        let error = XKBError(
            .keymapCompilationFailed, "bad.xkb:5:3: keymap does not compile",
            diagnostics: [
                LogMessage(level: .warning, text: "bad.xkb:2:1: unrecognized keysym"),
                LogMessage(level: .error, text: "bad.xkb:5:3: syntax error"),
                LogMessage(level: .critical, text: "out of patience"),
            ])
        #expect(
            error.description == """
                bad.xkb:5:3: keymap does not compile
                  bad.xkb:5:3: syntax error
                  out of patience
                """)
    }

    @Test func withoutDiagnosticsTheDescriptionIsTheMessage() {
        let error = XKBError(.fileUnreadable, "x.xkb: No such file or directory")
        #expect(error.description == "x.xkb: No such file or directory")
        #expect(error.diagnostics.isEmpty)
    }

    @Test func codesAreDistinctAndReadable() {
        let codes: [XKBError.Code] = [
            .contextCreationFailed, .keymapCompilationFailed, .fileUnreadable, .invalidUTF8,
            .composeTableUnavailable, .registryUnavailable,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(XKBError.Code.invalidUTF8.description == "invalid-utf8")
        #expect(XKBError.Code(rawValue: "file-unreadable") == .fileUnreadable)
    }
}
