import KeyInputKit
import TestSupport
import Testing
import XKB

@Suite struct SystemKeyboardLayoutTests {
    /// A Debian keyboard file as the installer writes it.
    static let installerFile = """
        # KEYBOARD CONFIGURATION FILE

        # Consult the keyboard(5) manual page.

        XKBMODEL="pc105"
        XKBLAYOUT="de"
        XKBVARIANT="nodeadkeys"
        XKBOPTIONS="compose:ralt"

        BACKSPACE="guess"
        """

    /// Resolves with only `environment` and, when given, a keyboard file with `file` in it.
    private func resolve(
        _ environment: [String: String], file: String? = nil
    ) throws -> (SystemKeyboardLayout, String) {
        let folder = try TemporaryFolder()
        let path = try file.map { try folder.write("keyboard", $0) } ?? folder.file("no-such-keyboard")
        return (SystemKeyboardLayout.resolve(environment: environment, defaultKeyboardFile: path), path)
    }

    // MARK: The chain

    @Test func theEnvironmentWinsOverTheFileAndTheLocale() throws {
        let environment = [
            "XKB_DEFAULT_LAYOUT": "de", "XKB_DEFAULT_VARIANT": "nodeadkeys", "XKB_DEFAULT_OPTIONS": "compose:ralt",
            "XKB_DEFAULT_MODEL": "pc104", "XKB_DEFAULT_RULES": "evdev", "LANG": "ru_RU.UTF-8",
        ]
        let (layout, _) = try resolve(environment, file: "XKBLAYOUT=fr\n")
        #expect(layout.source == .environment)
        #expect(
            layout.names
                == RuleNames(rules: "evdev", model: "pc104", layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
        #expect(layout.description == "de(nodeadkeys)")
        #expect(layout.shortNames == ["de"])
        #expect(layout.warnings.isEmpty)
    }

    @Test func aVariantWithoutALayoutInTheEnvironmentIsNotALayout() throws {
        let (layout, path) = try resolve(["XKB_DEFAULT_VARIANT": "nodeadkeys"], file: "XKBLAYOUT=fr\n")
        #expect(layout.source == .defaultKeyboardFile(path))
        #expect(layout.description == "fr")
    }

    @Test func theInstallersFileWinsOverTheLocale() throws {
        let (layout, path) = try resolve(["LANG": "ru_RU.UTF-8"], file: Self.installerFile)
        #expect(layout.source == .defaultKeyboardFile(path))
        #expect(
            layout.names
                == RuleNames(rules: "evdev", model: "pc105", layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
        #expect(layout.source.description == path)
    }

    @Test func theEnvironmentsRulesDoNotReachTheFilesNames() throws {
        let (layout, _) = try resolve(["XKB_DEFAULT_OPTIONS": "ctrl:nocaps"], file: "XKBLAYOUT=fr\n")
        #expect(layout.names == RuleNames(rules: "evdev", model: "pc105", layout: "fr", variant: "", options: ""))
    }

    @Test(arguments: [
        "XKBLAYOUT=\"de\"\nXKBVARIANT=\"nodeadkeys\"\n",
        "XKBLAYOUT='de'\nXKBVARIANT='nodeadkeys'\n",
        "XKBLAYOUT=de\nXKBVARIANT=nodeadkeys\n",
        "export XKBLAYOUT=de\n  export XKBVARIANT=\"nodeadkeys\"\n",
        "XKBLAYOUT=\"de\"  # German\nXKBVARIANT=nodeadkeys # no dead keys\n",
        "# XKBLAYOUT=\"fr\"\n\n\t\nXKBLAYOUT=\"de\"\n#XKBVARIANT=\"bepo\"\nXKBVARIANT=\"nodeadkeys\"\n",
        "XKBLAYOUT=\"fr\"\nXKBLAYOUT=\"de\"\nXKBVARIANT=no'dead'\"keys\"\n",
        "XKBLAYOUT=\"de\"\r\nXKBVARIANT=\"nodeadkeys\"\r\n",
        "XKBLAYOUT=d\\e\nXKBVARIANT=nodeadkeys\nnot an assignment\n",
    ])
    func quotingAndCommentsInTheFile(text: String) throws {
        let (layout, path) = try resolve(["LANG": "fr_FR.UTF-8"], file: text)
        #expect(layout.source == .defaultKeyboardFile(path))
        #expect(layout.description == "de(nodeadkeys)")
    }

    @Test(arguments: ["XKBLAYOUT=\"\"\n", "XKBMODEL=pc105\n", "", "# XKBLAYOUT=de\n"])
    func aFileNamingNoLayoutPassesToTheLocale(text: String) throws {
        let (layout, _) = try resolve(["LANG": "fr_FR.UTF-8"], file: text)
        #expect(layout.source == .locale("fr_FR.UTF-8"))
        #expect(layout.description == "fr")
        #expect(layout.warnings.isEmpty)
    }

    @Test func aMultiLayoutFileKeepsEveryLayoutAndLabelsEach() throws {
        let file = "XKBLAYOUT=\"us,ru\"\nXKBVARIANT=\",phonetic\"\nXKBOPTIONS=\"grp:alt_shift_toggle\"\n"
        let (layout, _) = try resolve([:], file: file)
        #expect(layout.qualifiedNames == ["us", "ru(phonetic)"])
        #expect(layout.description == "us,ru(phonetic)")
        #expect(layout.shortNames == ["en", "ru"])
        let keymap = try layout.makeKeymap(context: XKBFixtures.context())
        #expect(keymap.layoutNames == ["English (US)", "Russian (phonetic)"])
        #expect(SystemKeyboardLayout.shortNames(of: keymap) == ["en", "ru"])
    }

    @Test func aVariantsShortNameIsItsOwnBriefWhereItHasOne() throws {
        let (layout, _) = try resolve([:], file: "XKBLAYOUT=\"ch,de,us\"\nXKBVARIANT=\"fr,ru,intl\"\n")
        #expect(layout.shortNames == ["fr", "ru", "en"])
    }

    @Test func anUnknownLayoutInTheFileIsPassedOverWithTheNearestNames() throws {
        let (layout, path) = try resolve(["LANG": "fr_FR.UTF-8"], file: "XKBLAYOUT=\"dee\"\n")
        #expect(layout.source == .locale("fr_FR.UTF-8"))
        #expect(layout.description == "fr")
        let warning = try #require(layout.warnings.first)
        #expect(layout.warnings.count == 1)
        #expect(warning.contains(path))
        #expect(warning.contains("unknown layout \"dee\""))
        #expect(warning.contains("nearest: \"de\""))
    }

    @Test func anUnknownLayoutWithoutALocaleEndsAtUS() throws {
        let (layout, _) = try resolve(["LANG": "C.UTF-8"], file: "XKBLAYOUT=\"us,germny\"\n")
        #expect(layout.source == .fallback)
        #expect(layout.names == RuleNames.builtInDefaults)
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains("unknown layout \"germny\"") == true)
        #expect(try layout.makeKeymap(context: XKBFixtures.context()).layoutNames == ["English (US)"])
    }

    @Test func anUnknownVariantNamesTheNearestVariants() throws {
        let (layout, _) = try resolve([:], file: "XKBLAYOUT=de\nXKBVARIANT=nodeadkey\n")
        #expect(layout.source == .fallback)
        #expect(layout.warnings.first?.contains("unknown variant \"de(nodeadkey)\" (nearest: \"nodeadkeys\"") == true)
    }

    @Test func anUnknownLayoutInTheEnvironmentPassesToTheFile() throws {
        let (layout, path) = try resolve(["XKB_DEFAULT_LAYOUT": "qq"], file: Self.installerFile)
        #expect(layout.source == .defaultKeyboardFile(path))
        #expect(layout.warnings.count == 1)
        #expect(layout.warnings.first?.contains("XKB_DEFAULT_LAYOUT") == true)
        #expect(layout.warnings.first?.contains("unknown layout \"qq\"") == true)
    }

    // MARK: Locales

    @Test(arguments: [
        (["LANG": "de_CH.UTF-8"], "ch"),
        (["LANG": "fr_FR"], "fr"),
        (["LANG": "de_DE.UTF-8"], "de"),
        (["LANG": "ru_RU.UTF-8"], "ru"),
        (["LANG": "en_GB.UTF-8"], "gb"),
        (["LANG": "en_US.UTF-8"], "us"),
        (["LANG": "pt_BR.UTF-8"], "br"),
        (["LANG": "pt_PT.UTF-8"], "pt"),
        (["LANG": "ja_JP.UTF-8"], "jp"),
        (["LANG": "de_AT.UTF-8@euro"], "at"),
        (["LANG": "es_MX.UTF-8"], "latam"),
        (["LANG": "fr_CH.UTF-8"], "ch(fr)"),
        (["LANG": "en_CA.UTF-8"], "ca(eng)"),
        (["LANG": "nb_NO.UTF-8"], "no"),
        (["LANG": "de"], "de"),
        (["LANG": "uk_UA.UTF-8"], "ua"),
        (["LANG": "en"], "us"),
        (["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"], "de"),
        (["LC_ALL": "", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"], "fr"),
        (["LC_CTYPE": "fr_FR.UTF-8", "LANG": "ru_RU.UTF-8"], "ru"),
    ])
    func theLocalePicksTheRegistrysLayout(environment: [String: String], expected: String) throws {
        let (layout, _) = try resolve(environment)
        #expect(layout.description == expected)
        let locale = [environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty }
        #expect(layout.source == .locale(try #require(locale)))
    }

    @Test(arguments: [["LANG": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], [:], ["LANG": "xx_YY.UTF-8"]])
    func aLocaleWithoutALanguageGivesUS(environment: [String: String]) throws {
        let (layout, _) = try resolve(environment)
        #expect(layout.source == .fallback)
        #expect(layout.names == RuleNames.builtInDefaults)
        #expect(layout.shortNames == ["en"])
        #expect(layout.warnings.isEmpty)
    }

    // MARK: Keymaps and labels

    @Test func theGermanLayoutFromTheEnvironmentTypesSharpSOnTheMinusKey() throws {
        let (layout, _) = try resolve(["XKB_DEFAULT_LAYOUT": "de"])
        let state = KeyboardState(keymap: try layout.makeKeymap(context: XKBFixtures.context()))
        #expect(state.text(of: key("KEY_MINUS")) == "ß")
        #expect(state.text(of: key("KEY_Y")) == "z")
    }

    @Test(arguments: [
        ("German", "de"), ("Russian (phonetic)", "ru"), ("English (US)", "en"), ("French (Switzerland)", "fr"),
        ("German (Switzerland)", "de"), ("Japanese", "ja"), ("English (US, intl., with dead keys)", "en"),
    ])
    func aKeymapsLayoutNameMapsToTheRegistrysBrief(description: String, brief: String) {
        #expect(SystemKeyboardLayout.shortName(forLayoutDescription: description) == brief)
    }

    @Test func aLayoutNameTheRegistryDoesNotKnowHasNoShortName() {
        #expect(SystemKeyboardLayout.shortName(forLayoutDescription: "Klingon (pIqaD)") == nil)
    }

    @Test func anAttachedKeyboardsKeymapIsLabelledFromItsLayoutNames() throws {
        let keymap = try XKBFixtures.keymap(layout: "de,ch", variant: "nodeadkeys,fr")
        #expect(SystemKeyboardLayout.shortNames(of: keymap) == ["de", "fr"])
    }

    @MainActor @Test func theProcessLayoutIsTheResolvedOne() {
        let current = SystemKeyboardLayout.current()
        #expect(current == SystemKeyboardLayout.resolve())
        #expect(SystemKeyboardLayout.current() == current)
    }
}
