import Testing
import XKB

@Suite struct RuleNamesTests {
    @Test func nothingGivenAndNoEnvironmentGivesTheBuiltInDefaults() {
        #expect(RuleNames().filledIn(environment: nil) == .builtInDefaults)
        #expect(RuleNames().filledIn(environment: [:]) == .builtInDefaults)
        #expect(
            RuleNames.builtInDefaults
                == RuleNames(rules: "evdev", model: "pc105", layout: "us", variant: "", options: ""))
    }

    @Test func theEnvironmentFillsInMissingNames() {
        let environment = [
            "XKB_DEFAULT_RULES": "base",
            "XKB_DEFAULT_MODEL": "pc104",
            "XKB_DEFAULT_LAYOUT": "de",
            "XKB_DEFAULT_VARIANT": "nodeadkeys",
            "XKB_DEFAULT_OPTIONS": "compose:ralt",
        ]
        let filled = RuleNames().filledIn(environment: environment)
        #expect(
            filled
                == RuleNames(
                    rules: "base", model: "pc104", layout: "de", variant: "nodeadkeys", options: "compose:ralt"))
    }

    @Test func givenNamesWinOverTheEnvironment() {
        let environment = ["XKB_DEFAULT_LAYOUT": "de", "XKB_DEFAULT_MODEL": "pc104", "XKB_DEFAULT_OPTIONS": "ctrl:nocaps"]
        let filled = RuleNames(model: "pc86", layout: "fr", options: "compose:ralt").filledIn(environment: environment)
        #expect(filled.layout == "fr")
        #expect(filled.model == "pc86")
        #expect(filled.options == "compose:ralt")
    }

    @Test func aMissingLayoutReplacesTheGivenVariant() {
        // A variant belongs to its layout: "intl" alone must not be applied to the default "us".
        let filled = RuleNames(variant: "intl").filledIn(environment: [:])
        #expect(filled.layout == "us")
        #expect(filled.variant == "")
    }

    @Test func aMissingLayoutTakesTheVariantOfTheEnvironmentLayout() {
        let environment = ["XKB_DEFAULT_LAYOUT": "us", "XKB_DEFAULT_VARIANT": "dvorak"]
        let filled = RuleNames(variant: "intl").filledIn(environment: environment)
        #expect(filled.layout == "us")
        #expect(filled.variant == "dvorak")
    }

    @Test func theEnvironmentVariantAloneIsIgnored() {
        let filled = RuleNames().filledIn(environment: ["XKB_DEFAULT_VARIANT": "dvorak"])
        #expect(filled.layout == "us")
        #expect(filled.variant == "")
    }

    @Test func aGivenLayoutDoesNotTakeTheEnvironmentVariant() {
        let environment = ["XKB_DEFAULT_LAYOUT": "us", "XKB_DEFAULT_VARIANT": "dvorak"]
        let filled = RuleNames(layout: "de").filledIn(environment: environment)
        #expect(filled.layout == "de")
        #expect(filled.variant == "")
    }

    @Test func emptyOptionsStayEmptyButMissingOnesComeFromTheEnvironment() {
        let environment = ["XKB_DEFAULT_OPTIONS": "ctrl:nocaps"]
        #expect(RuleNames(options: "").filledIn(environment: environment).options == "")
        #expect(RuleNames(options: nil).filledIn(environment: environment).options == "ctrl:nocaps")
    }

    @Test func emptyEnvironmentValuesCountAsUnset() {
        let environment = ["XKB_DEFAULT_LAYOUT": "", "XKB_DEFAULT_RULES": ""]
        #expect(RuleNames().filledIn(environment: environment) == .builtInDefaults)
    }

    @Test func layoutsVariantsAndOptionsSplitAtCommas() {
        let names = RuleNames(layout: "us,de, ru", variant: ",nodeadkeys,", options: "compose:ralt,,ctrl:nocaps")
        #expect(names.layouts == ["us", "de", "ru"])
        #expect(names.variants == ["", "nodeadkeys", ""])
        #expect(names.optionList == ["compose:ralt", "ctrl:nocaps"])
        #expect(RuleNames().layouts == [])
    }

    @Test func theDescriptionLeavesOutMissingNames() {
        #expect(RuleNames(layout: "de", variant: "nodeadkeys").description == "layout=de variant=nodeadkeys")
        #expect(RuleNames().description == "")
        #expect(
            RuleNames.builtInDefaults.description == "rules=evdev model=pc105 layout=us variant= options=")
    }
}
