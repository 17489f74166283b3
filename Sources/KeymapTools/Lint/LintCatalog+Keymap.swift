extension LintCatalog {
    /// The keymap rules, KI1xx–KI5xx and KI9xx.
    static let keymapRules: [LintRule] = [
        LintRule(
            id: "KI101", severity: .warning, title: "one character on two keys",
            explanation: """
                Two keys of the same group type the same letter or digit with the same modifiers. One of them was \
                surely meant to type something else: a copied line whose keysym was not changed, so that a \
                character of the language is missing and people find a letter twice. Fix it by giving the second \
                key the character it was meant to have. Not reported: anything but letters and digits (Return, \
                space, Tab, punctuation and symbols that keyboards repeat on purpose), the keypad's keys and \
                keysyms (KP_*), and the same character in two groups or at two different modifier combinations.
                """),
        LintRule(
            id: "KI102", severity: .warning, title: "Caps Lock not the case pair of the base",
            explanation: """
                A key's base level is a lowercase letter, but with Caps Lock on it types something other than that \
                letter's capital, or nothing. People who type a word in capitals with Caps Lock get a wrong or a \
                missing letter, which spell checkers rarely catch in names and acronyms. Fix it with a key type \
                that maps Lock to the capital (ALPHABETIC, FOUR_LEVEL_ALPHABETIC or FOUR_LEVEL_SEMIALPHABETIC), or \
                put the capital at the level Lock selects. Not reported: letters with no single-character capital \
                (ß), bases that are not lowercase letters, and keymaps where no key sets Lock.
                """),
        LintRule(
            id: "KI201", severity: .warning, title: "dead key that is a dead end",
            explanation: """
                A dead key the layout types that no sequence of the locale's Compose table completes with any \
                letter the layout can type. Pressing it then a letter gives nothing useful, so the accent it \
                promises cannot be written. Fix it by using the dead key the table knows for that accent (see \
                /usr/share/X11/locale/en_US.UTF-8/Compose), by adding sequences to a Compose file, or by putting \
                the precomposed letters on keys instead. Checked against the table of --compose (your locale's by \
                default); not reported when no table is available, and letters reachable only through other dead \
                keys are not counted.
                """),
        LintRule(
            id: "KI202", severity: .warning, title: "dead key whose accent cannot be typed alone",
            explanation: """
                A dead key whose spacing accent (´ for dead_acute, ^ for dead_circumflex) no key types, and \
                which the Compose table does not turn into that accent when followed by space or by itself. People \
                then cannot write the accent on its own, as in a caret in code or an apostrophe-like acute. Fix it \
                by putting the spacing accent on a key or adding the dead key plus space sequence to a Compose \
                file. Not reported when the accent is on a key or the table types it after space or the dead key twice.
                """),
        LintRule(
            id: "KI301", severity: .warning, title: "private-use output",
            explanation: """
                A key types a character from a Private Use Area (U+E000–U+F8FF and the planes 15 and 16). Its \
                meaning is whatever one font says: other fonts show a box, search and spell checking do not know it, \
                and text sent to someone else turns into nonsense. Fix it with the character Unicode assigned, or \
                a sequence of them. Not reported for keysyms that type no text.
                """),
        LintRule(
            id: "KI302", severity: .error, title: "unassigned output",
            explanation: """
                A key types a code point Unicode has not assigned (as known to this build's Unicode data): usually \
                a mistyped U+ number in a keysym. Nothing shows it, and it cannot be searched for. Fix the code \
                point. Not reported for private-use characters (KI301) or keysyms that type no text.
                """),
        LintRule(
            id: "KI303", severity: .warning, title: "output not in NFC",
            explanation: """
                A key types text that is not in Unicode normalisation form C, such as U+212B ANGSTROM SIGN (its NFC \
                is Å, U+00C5) or a letter followed by a combining mark that has a precomposed form. Much software \
                normalises to NFC, so text typed on this key compares, sorts and searches unlike the same text \
                typed anywhere else. Fix it with the NFC form. Not reported: a combining mark alone (it is NFC, \
                and layouts type marks after letters on purpose).
                """),
        LintRule(
            id: "KI401", severity: .warning, title: "level no modifier reaches",
            explanation: """
                A key defines a level that its key type selects with no modifiers the keymap's keys set (or whose \
                type has no entry for it at all), so nobody can press it; what it types is also typed by another \
                key, so nothing is lost but the level is dead weight that misleads readers. Fix it with a key type \
                that has the level (FOUR_LEVEL for AltGr), or a key that sets the modifier (lv3:ralt_switch), or \
                remove the level. Not reported: levels reached through the keymap's virtual keys (<LVL3>, \
                <MDSW>), which count as reachable as in every stock keymap. Stock keys are notes.
                """),
        LintRule(
            id: "KI402", severity: .warning, title: "keysym no key reaches",
            explanation: """
                A key defines a level that no modifier combination selects, and no other key types its keysym: \
                the character or function is in the file but nobody can type it. Usually the key type is wrong \
                (TWO_LEVEL where FOUR_LEVEL was meant) or nothing sets the level's modifier. Fix the type or \
                add the modifier key. Not reported: levels some pressable modifiers reach (as for KI401).
                """),
        LintRule(
            id: "KI403", severity: .warning, title: "levels beyond the key type",
            explanation: """
                A key lists more symbols than its key type has levels; libxkbcommon drops the extra ones with a \
                warning, so what the author wrote at those levels types nothing. Fix it with a key type of enough \
                levels (type= "FOUR_LEVEL"), or remove the symbols. Reported from libxkbcommon's own message; not reported as a warning for keys \
                the linted file takes from stock files (<RALT> with lv3:ralt_switch is a note).
                """),
        LintRule(
            id: "KI501", severity: .warning, title: "level modifier shares its real modifier",
            explanation: """
                A virtual modifier that key types use to choose levels (LevelThree, LevelFive) is on the same real \
                modifier as another virtual modifier (Hyper, Super, Alt, NumLock), as with LevelFive and Hyper both \
                on Mod3 (xkeyboard-config issue 500). Pressing the other modifier for a shortcut then changes the \
                level, and applications see the level key as that modifier. Fix it by moving one of them to a real \
                modifier of its own in modifier_map. Not reported: modifiers that choose no levels sharing one (Super \
                and Hyper on Mod4, as in every stock keymap) and AltGr (Mode_switch) beside LevelThree on Mod5.
                """),
        LintRule(
            id: "KI901", severity: .warning, title: "libxkbcommon warning",
            explanation: """
                libxkbcommon warned while compiling the file: a keysym it does not know, a statement it ignored, \
                a key defined twice. The keymap compiles, but not as written. Fix what the message says; it has \
                the file and line. Only messages about the linted file itself are reported, not about the stock \
                files it includes; keymaps compiled from names have none.
                """),
    ]
}
