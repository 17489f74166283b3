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

    @Test func theRegistryIsOpenedOnlyByTheCommandsThatReadIt() throws {
        let trace = ["LD_DEBUG": "files"]  // the loader names every library it opens, on standard error
        let typing = try Keyinput.run(["type", "--layout", "us", "KEY_A"], extraEnvironment: trace)
        #expect(typing.status == 0, "\(typing)")
        #expect(!typing.stderr.contains("libxkbregistry"), "keyinput type opened libxkbregistry")
        #expect(!typing.stderr.contains("libxml2"), "keyinput type opened libxml2")
        let listing = try Keyinput.run(["list", "layouts"], extraEnvironment: trace)
        #expect(listing.status == 0, "\(listing.stdout.prefix(200))")
        #expect(listing.stderr.contains("libxkbregistry"), "keyinput list did not open libxkbregistry")
    }

    @Test func withoutTheRegistryListSaysWhyAndExitsOne() throws {
        let folder = try folderWithBroken(library: "libxkbregistry.so.0")
        let result = try Keyinput.run(["list", "layouts"], extraEnvironment: ["LD_LIBRARY_PATH": folder.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("libxkbregistry could not be opened"), "\(result)")
        #expect(result.stderr.contains("libxkbregistry.so.0: file too short"), "the loader's reason: \(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }
}
