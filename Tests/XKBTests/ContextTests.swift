import TestSupport
import Testing
import XKB

@Suite struct ContextTests {
    /// A layout of our own: US, except that the A key types x and X.
    static let customSymbols = """
        default partial alphanumeric_keys
        xkb_symbols "basic" {
            include "us(basic)"
            name[Group1] = "Custom (tests)";
            key <AC01> { [ x, X ] };
        };
        """

    @Test func aCustomLayoutIsFoundInAnIncludePath() throws {
        let folder = try TemporaryFolder()
        try folder.write("symbols/kiktest", Self.customSymbols)
        let context = try Context(options: .noEnvironmentNames, includePaths: [folder.path])
        #expect(context.includePaths.first == folder.path)

        let keymap = try Keymap(context: context, names: RuleNames(layout: "kiktest"))
        #expect(keymap.layoutNames == ["Custom (tests)"])
        let state = KeyboardState(keymap: keymap)
        #expect(state.text(of: key("KEY_A")) == "x")
        #expect(state.text(of: key("KEY_S")) == "s")
    }

    @Test func withoutTheIncludePathTheCustomLayoutDoesNotCompile() throws {
        let context = try XKBFixtures.context()
        #expect(throws: XKBError.self) {
            try Keymap(context: context, names: RuleNames(layout: "kiktest"))
        }
    }

    @Test func includePathsComeBeforeTheSystemFolders() throws {
        let folder = try TemporaryFolder()
        let context = try Context(options: .noEnvironmentNames, includePaths: [folder.path])
        let paths = context.includePaths
        #expect(paths.first == folder.path)
        #expect(paths.contains("/usr/share/X11/xkb"))
    }

    @Test func noDefaultIncludesLeavesOnlyTheGivenFolders() throws {
        let folder = try TemporaryFolder()
        let context = try Context(options: [.noDefaultIncludes, .noEnvironmentNames], includePaths: [folder.path])
        #expect(context.includePaths == [folder.path])
        // Without the system folders there are no rules to compile "us" from.
        #expect(throws: XKBError.self) { try Keymap(context: context, names: RuleNames(layout: "us")) }
    }

    @Test func aMissingIncludePathThrows() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/no-such-folder"
        let error = try #require(throws: XKBError.self) {
            try Context(includePaths: [missing])
        }
        #expect(error.code == .contextCreationFailed)
        #expect(error.message.contains(missing))
    }

    @Test func aFileIsNotAnIncludePath() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("plain.txt", "not a folder")
        let error = try #require(throws: XKBError.self) { try Context(includePaths: [file]) }
        #expect(error.code == .contextCreationFailed)
    }

    @Test func compileErrorsAreCapturedInTheErrorNotPrintedToStandardError() throws {
        let context = try XKBFixtures.context()
        var caught: XKBError?
        let printed = try capturingStandardError {
            do {
                _ = try Keymap(context: context, names: RuleNames(layout: "nosuchlayoutprobe"))
            } catch let error as XKBError {
                caught = error
            }
        }
        let error = try #require(caught)
        #expect(error.code == .keymapCompilationFailed)
        #expect(!printed.contains("nosuchlayoutprobe"))
        #expect(error.diagnostics.contains { $0.text.contains("nosuchlayoutprobe") })
        #expect(error.diagnostics.contains { $0.level <= .error })
        #expect(error.description.contains("nosuchlayoutprobe"))
    }

    @Test func aFailedCallTakesItsMessagesWithIt() throws {
        let context = try XKBFixtures.context()
        #expect(throws: XKBError.self) {
            try Keymap(context: context, names: RuleNames(layout: "nosuchlayout"))
        }
        #expect(context.takeMessages().isEmpty)
    }

    @Test func theLogLevelIsWarningByDefaultAndCanBeChanged() throws {
        let context = try XKBFixtures.context()
        #expect(context.logLevel == .warning)
        context.logLevel = .error
        #expect(context.logLevel == .error)
    }

    @Test func warningsOfASuccessfulCompileAreKeptWithTheKeymap() throws {
        let context = try XKBFixtures.context()
        let text = XKBFixtures.keymapText(extraSymbols: "override key <AC01> { [ nosuchkeysymprobe, A ] };")
        let keymap = try Keymap(context: context, text: text, sourceName: "probe.xkb")
        #expect(keymap.warnings.contains { $0.text.contains("nosuchkeysymprobe") })
        // The warning names the source and line, not libxkbcommon's placeholder.
        let warning = try #require(keymap.warnings.first { $0.text.contains("nosuchkeysymprobe") })
        #expect(warning.level == .warning)
        #expect(warning.location?.file == "probe.xkb")
        #expect(warning.location?.line == 7)
    }

    @Test func raisingTheLevelSilencesWarnings() throws {
        let context = try XKBFixtures.context()
        context.logLevel = .error
        let text = XKBFixtures.keymapText(extraSymbols: "override key <AC01> { [ nosuchkeysymprobe, A ] };")
        let keymap = try Keymap(context: context, text: text)
        #expect(!keymap.warnings.contains { $0.text.contains("nosuchkeysymprobe") })
    }
}
