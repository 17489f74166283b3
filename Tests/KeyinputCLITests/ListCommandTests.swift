import Foundation
import Testing

@Suite struct ListCommandTests {
    @Test func layouts() throws {
        let result = try Keyinput.run("list", "layouts")
        #expect(result.status == 0, "\(result)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names.contains("us") && names.contains("de") && names.contains("de(nodeadkeys)"))
        let german = try Keyinput.run("list", "layouts", "german")
        #expect(german.status == 0, "\(german)")
        #expect(german.stdout.split(separator: "\n").allSatisfy { $0.lowercased().contains("german") || $0.contains("de") })
    }

    @Test func variantsOfALayout() throws {
        let result = try Keyinput.run("list", "variants", "de")
        #expect(result.status == 0, "\(result)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names.contains("de(nodeadkeys)"), "\(result)")
        #expect(names.allSatisfy { $0.hasPrefix("de(") }, "\(names)")
    }

    @Test func variantsOfAnUnknownLayoutSuggest() throws {
        let result = try Keyinput.run("list", "variants", "dee")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\"de\""), "\(result)")
    }

    @Test func optionsFiltered() throws {
        let result = try Keyinput.run("list", "options", "compose")
        #expect(result.status == 0, "\(result)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names.contains("compose:ralt"), "\(result)")
    }

    @Test func jsonParses() throws {
        let result = try Keyinput.run("list", "models", "--json")
        #expect(result.status == 0, "\(result)")
        let rows = try #require(try jsonObject(result) as? [[String: Any]])
        #expect(rows.contains { $0["name"] as? String == "pc105" })
    }
}
