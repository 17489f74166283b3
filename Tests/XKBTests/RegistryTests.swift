import Testing
import XKB

@Suite struct RegistryTests {
    @Test func theRegistryListsLayoutsAndTheirVariants() throws {
        let registry = try Registry()
        #expect(registry.layoutNames.contains("de"))
        #expect(registry.layoutNames.contains("us"))
        #expect(registry.variants(of: "de").contains("nodeadkeys"))
        #expect(registry.variants(of: "us").contains("intl"))
        #expect(registry.variants(of: "nosuchlayout").isEmpty)
        // Each layout name once, even though its variants repeat it.
        #expect(Set(registry.layoutNames).count == registry.layoutNames.count)
    }

    @Test func layoutsAndVariantsDescribeThemselves() throws {
        let registry = try Registry()
        let german = try #require(registry.layouts.first { $0.name == "de" && $0.variant == nil })
        #expect(german.description == "German")
        #expect(german.qualifiedName == "de")
        #expect(german.languages.contains("deu"))
        let noDeadKeys = try #require(registry.layouts.first { $0.name == "de" && $0.variant == "nodeadkeys" })
        #expect(noDeadKeys.qualifiedName == "de(nodeadkeys)")
        #expect(noDeadKeys.description == "German (no dead keys)")
    }

    @Test func theRegistryListsModelsAndOptions() throws {
        let registry = try Registry()
        #expect(registry.models.contains { $0.name == "pc105" })
        let compose = try #require(registry.options.first { $0.name == "compose:ralt" })
        #expect(compose.group == "Compose key")
        #expect(compose.description == "Right Alt")
    }

    @Test func everyListedLayoutCompiles() throws {
        // Spot check: what the registry offers, libxkbcommon compiles.
        let registry = try Registry()
        let context = try Context(options: .noEnvironmentNames)
        for name in ["de", "fr", "ru", "us"] {
            for variant in [nil] + registry.variants(of: name).prefix(3).map(Optional.some) {
                #expect(throws: Never.self, "\(name)(\(variant ?? ""))") {
                    _ = try Keymap(context: context, names: RuleNames(layout: name, variant: variant))
                }
            }
        }
    }

    @Test func exoticLayoutsCanBeLeftOut() throws {
        let all = try Registry()
        let common = try Registry(includeExotic: false)
        #expect(common.layouts.count < all.layouts.count)
        #expect(common.layoutNames.contains("de"))
    }

    @Test func unknownRulesThrow() throws {
        let error = try #require(throws: XKBError.self) { try Registry(rules: "nosuchrules") }
        #expect(error.code == .registryUnavailable)
        #expect(error.message.contains("nosuchrules"))
    }
}
