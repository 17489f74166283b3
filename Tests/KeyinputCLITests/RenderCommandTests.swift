import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

// `keyinput render` run as a process: the pictures it writes, read back as a user would look at them.

@Suite struct RenderCommandTests {
    /// Where a key cap sits in a picture at scale 1: `row` from the top, `units` of keys before it.
    static func cap(row: Int, units: Double) -> (x: Range<Int>, y: Range<Int>) {
        let x = Int(units * 64) + 4, y = 32 + row * 64 + 4
        return (x..<(x + 56), y..<(y + 56))
    }

    /// How many pixels differ between two pictures inside a cap.
    @MainActor
    static func differingPixels(_ a: CairoCanvas, _ b: CairoCanvas, in cap: (x: Range<Int>, y: Range<Int>)) -> Int {
        var count = 0
        for y in cap.y { for x in cap.x where a.color(atX: x, y: y) != b.color(atX: x, y: y) { count += 1 } }
        return count
    }

    @MainActor
    @Test func zAndYSwapPlacesBetweenUSAndGerman() throws {
        let folder = try TemporaryFolder()
        for layout in ["us", "de"] {
            let result = try Keyinput.run("render", "--layout", layout, "--png", folder.file("\(layout).png"))
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }
        let us = try CairoCanvas(contentsOfPNG: folder.file("us.png")), de = try CairoCanvas(contentsOfPNG: folder.file("de.png"))
        #expect(us.pixelWidth == 960 && us.pixelHeight == 352)
        // Z (<AB01>) after Shift and <LSGT>; Y (<AD06>) after Tab and five letters.
        #expect(Self.differingPixels(us, de, in: Self.cap(row: 3, units: 2.25)) > 100)
        #expect(Self.differingPixels(us, de, in: Self.cap(row: 1, units: 6.5)) > 100)
        // Tab is drawn alike on both.
        #expect(Self.differingPixels(us, de, in: Self.cap(row: 1, units: 0)) == 0)
    }

    @MainActor
    @Test func aDeadKeyCapIsTinted() throws {
        let folder = try TemporaryFolder()
        for layout in ["us", "de"] {
            let result = try Keyinput.run("render", "--layout", layout, "--png", folder.file("\(layout).png"))
            #expect(result.status == 0, "\(result)")
        }
        let us = try CairoCanvas(contentsOfPNG: folder.file("us.png")), de = try CairoCanvas(contentsOfPNG: folder.file("de.png"))
        // The bottom right corner of <TLDE>: ` on us, the dead circumflex on de.
        let corner = (x: 60, y: 32 + 60)
        #expect(us.color(atX: corner.x, y: corner.y) == .white)
        let tinted = try #require(de.color(atX: corner.x, y: corner.y))
        #expect(tinted != .white && tinted.red > tinted.blue, "\(tinted)")
    }

    @MainActor
    @Test func scaleMultipliesThePixels() throws {
        let folder = try TemporaryFolder()
        let result = try Keyinput.run("render", "--layout", "fr", "--scale", "2", "--png", folder.file("fr.png"))
        #expect(result.status == 0, "\(result)")
        let picture = try CairoCanvas(contentsOfPNG: folder.file("fr.png"))
        #expect(picture.pixelWidth == 1920 && picture.pixelHeight == 704)
    }

    @Test func svgIsWellFormedAndNamesEveryLevel() throws {
        let folder = try TemporaryFolder()
        let result = try Keyinput.run("render", "--layout", "de", "--svg", folder.file("de.svg"))
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("de.svg")))
        let reader = SVGTextReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.texts["title"] == "German")
        let lines = (reader.texts["desc"] ?? "").split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("<AC11> ä Ä ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<AD03> e E €") }, "\(lines)")
        // The dead circumflex on <TLDE>, on its dotted circle.
        #expect(lines.contains { $0.hasPrefix("<TLDE> ◌\u{302} ") }, "\(lines)")
        #expect(reader.elements["path", default: 0] > 100, "the caps are drawn, not only described")
    }

    @Test func badInputEndsWithTheRightCode() throws {
        let folder = try TemporaryFolder()
        let unknown = try Keyinput.run("render", "--layout", "dee", "--png", folder.file("x.png"))
        #expect(unknown.status == 2 && unknown.stderr.contains(#"did you mean "de""#), "\(unknown)")
        let unwritable = try Keyinput.run("render", "--layout", "de", "--png", "/nonexistent-folder/de.png")
        #expect(unwritable.status == 1 && unwritable.stderr.contains("/nonexistent-folder/de.png"), "\(unwritable)")
        let unwritableSVG = try Keyinput.run("render", "--layout", "de", "--svg", "/nonexistent-folder/de.svg")
        #expect(unwritableSVG.status == 1 && unwritableSVG.stderr.contains("/nonexistent-folder/de.svg"), "\(unwritableSVG)")
        #expect(try Keyinput.run("render", "--layout", "de").status == 2)
        let both = try Keyinput.run("render", "--png", folder.file("a.png"), "--svg", folder.file("a.svg"))
        #expect(both.status == 2 && both.stderr.contains("one of --png"), "\(both)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("a.png")))
    }
}

/// Collects the text of each element and counts elements, by name.
final class SVGTextReader: NSObject, XMLParserDelegate {
    var texts: [String: String] = [:]
    var elements: [String: Int] = [:]
    private var current: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements[name, default: 0] += 1
        current = name
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current { texts[current, default: ""] += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        current = nil
    }
}

@Suite struct RenderScaleTests {
    @Test(arguments: ["-1", "1e-9", "0", "9", "nan", "inf"])
    func aScaleOutsideTheRangeIsAUsageErrorNamingIt(_ scale: String) throws {
        let folder = try TemporaryFolder()
        let result = try Keyinput.run("render", "--layout", "us", "--png", folder.file("us.png"), "--scale", scale)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("from 0.25 to 8"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("us.png")))
    }

    @Test(arguments: ["0.25", "8"])
    func theRangesEndsDraw(_ scale: String) throws {
        let folder = try TemporaryFolder()
        let result = try Keyinput.run("render", "--layout", "us", "--png", folder.file("us.png"), "--scale", scale)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: folder.file("us.png")))
    }
}
