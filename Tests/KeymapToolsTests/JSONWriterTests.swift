import Foundation
import KeymapTools
import Testing

@Suite struct JSONWriterTests {
    static let awkwardStrings = [
        "plain",
        "",
        "quote \" and backslash \\",
        "newline\n, return\r, tab\t",
        "backspace \u{08} form feed \u{0C}",
        "control \u{01}\u{1F} and delete \u{7F}",
        "é€ф and 👍🏽",
        "slash / and </script>",
        "\u{2028} line separator",
    ]

    @Test(arguments: awkwardStrings)
    func aStringReadsBackAsWritten(value: String) throws {
        var writer = JSONWriter()
        writer.raw("[")
        writer.string(value)
        writer.raw("]")
        let parsed = try JSONSerialization.jsonObject(with: Data(writer.output.utf8)) as? [String]
        #expect(parsed == [value])
    }

    @Test func controlCharactersAreEscaped() {
        var writer = JSONWriter()
        writer.string("\u{01}\u{7F}\n\t\"")
        #expect(writer.output == #""\u0001\u007f\n\t\"""#)
    }

    @Test func anObjectOfEveryKindOfValueParses() throws {
        var writer = JSONWriter()
        writer.raw("{")
        writer.key("name \"x\"")
        writer.string("KEY_A\n")
        writer.raw(",")
        writer.key("code")
        writer.number(UInt32(38))
        writer.raw(",")
        writer.key("offset")
        writer.number(-5)
        writer.raw(",")
        writer.key("keysyms")
        writer.strings(["a", "A", "\u{01}"])
        writer.raw(",")
        writer.key("none")
        writer.strings([])
        writer.raw("}")
        let object = try #require(JSONSerialization.jsonObject(with: Data(writer.output.utf8)) as? [String: Any])
        #expect(object["name \"x\""] as? String == "KEY_A\n")
        #expect(object["code"] as? Int == 38)
        #expect(object["offset"] as? Int == -5)
        #expect(object["keysyms"] as? [String] == ["a", "A", "\u{01}"])
        #expect((object["none"] as? [String])?.isEmpty == true)
    }

    @Test func takeHandsOverTheTextAndEmptiesTheWriter() {
        var writer = JSONWriter()
        writer.number(1)
        #expect(writer.take() == "1")
        #expect(writer.output == "")
        writer.number(2)
        #expect(writer.take() == "2")
    }

    @Test func theWriterPutsCommasBetweenMembersAndElementsOnly() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("list")
        writer.beginArray()
        writer.beginObject()
        writer.endObject()
        writer.numbers([1, -2])
        writer.strings([])
        writer.bool(true)
        writer.endArray()
        writer.key("flag")
        writer.bool(false)
        writer.key("empty")
        writer.beginObject()
        writer.endObject()
        writer.endObject()
        #expect(writer.output == #"{"list":[{},[1,-2],[],true],"flag":false,"empty":{}}"#)
    }

    @Test func aDocumentTakenInPartsIsWholeWhenJoined() {
        var writer = JSONWriter()
        var parts: [String] = []
        writer.beginArray()
        for value in ["a", "b", "c"] {
            writer.string(value)
            parts.append(writer.take())
        }
        writer.endArray()
        parts.append(writer.take())
        #expect(parts.joined() == #"["a","b","c"]"#)
    }

    @Test func fractionalNumbersKeepThreeDecimalsAndNonFiniteOnesBecomeNull() {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [240.0, -16, 0.5, 1.0 / 3, .infinity, .nan] { writer.number(value) }
        writer.null()
        writer.endArray()
        #expect(writer.output == "[240,-16,0.500,0.333,null,null,null]")
    }
}
