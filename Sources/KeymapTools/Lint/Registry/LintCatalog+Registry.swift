extension LintCatalog {
    /// The registry rules, KI6xx (`keyinput lint --registry`).
    static let registryRules: [LintRule] = [
        LintRule(
            id: "KI600", severity: .error, title: "registry file is not well-formed XML",
            explanation: """
                The registry file does not parse as XML: a tag left open, a stray & or <, or text after the last \
                element. libxkbregistry then skips the whole file, so none of its layouts appear in any desktop's \
                keyboard settings. The finding gives the line and column where the parser stopped; the mistake is \
                there or just before it. Check with xmllint --noout FILE.
                """),
        LintRule(
            id: "KI601", severity: .error, title: "unknown ISO 639 language code",
            explanation: """
                An iso639Id that is not an ISO 639-2 code (terminology or bibliographic), an ISO 639-3 code or an \
                ISO 639-5 family code, as listed by Debian's iso-codes (so a code ISO 639-3 has retired is found). Desktops use these codes to offer a layout for a language and to \
                name the language; an unknown code hides the layout from people looking for their language. Fix it \
                with the three-letter code of the language (ISO 639-3 for languages 639-2 lacks). Two-letter ISO \
                639-1 codes are not accepted, as the registry format uses three letters.
                """),
        LintRule(
            id: "KI602", severity: .error, title: "unknown ISO 3166 country code",
            explanation: """
                An iso3166Id that is not an ISO 3166-1 alpha-2 code (two capital letters, as listed by Debian's \
                iso-codes). Desktops group layouts by country with these codes; an unknown one leaves the layout \
                out of its country's list. Fix it with the country's two-letter code, in capitals.
                """),
        LintRule(
            id: "KI603", severity: .error, title: "missing name or description",
            explanation: """
                A model, layout, variant, option group or option without a name, or with no description (or an \
                empty one). The description is what keyboard settings show people; without it the entry shows \
                blank or by its internal name. Fix it with a description in the style of its neighbours, such as \
                "English (US, intl., with dead keys)".
                """),
        LintRule(
            id: "KI604", severity: .error, title: "duplicate name",
            explanation: """
                Two layouts, two variants of one layout, two models or two options with the same name. Only one of \
                them can be chosen, and which one a desktop shows is an accident of its parser. Fix it by renaming \
                or removing one; the finding names the line of the first.
                """),
        LintRule(
            id: "KI605", severity: .error, title: "layout or variant that does not compile",
            explanation: """
                A layout listed in the registry, or one of its variants, that libxkbcommon cannot compile with the \
                rules the file is named for (evdev for evdev.xml and evdev.extras.xml) and xkeyboard-config's \
                files: usually a symbols file that is missing, or a variant name the symbols file does not define. \
                People who choose it get no keyboard change, or an error from their desktop. For a file at \
                DIR/rules/NAME.xml, DIR's own symbols/ are searched first, so a layout can be checked before it is \
                installed; --include DIR adds other trees. The finding quotes libxkbcommon's first message. \
                xkeyboard-config's own layout "custom", a place for a user's symbols/custom that it does not ship, \
                is only a note.
                """),
        LintRule(
            id: "KI606", severity: .warning, title: "layout without a shortDescription",
            explanation: """
                A layout with no shortDescription, the two- or three-letter indicator (en, de, fr) that desktops \
                show in the panel for the active layout. Without it they show the layout's name or nothing. Fix \
                it with the language's short code. Variants need none: they take their layout's.
                """),
    ]
}
