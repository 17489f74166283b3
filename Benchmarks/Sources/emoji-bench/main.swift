// emoji-bench: what the emoji picker's first show costs.
//
//   emoji-bench [--rounds R] [LOCALE…]    (default 5 rounds; locales en fr_CA)
//
// Per round, from the files each time (nothing cached): parsing Unicode's
// emoji-test.txt, reading CLDR's annotations for the locale and its fallbacks,
// building the search index; then a 400×700 window with a focused field shows
// the picker (layout) and draws its first frame into a cairo image, and one
// search runs. Printed: medians in milliseconds.
import BenchSupport
import Foundation
import KeyInputCairo
import KeyInputKit

func milliseconds(_ start: UInt64) -> Double { Double(now() - start) / 1_000_000 }

var rounds = 5
var locales: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--rounds", let value = arguments.popFirst().flatMap(Int.init) { rounds = value } else { locales.append(argument) }
}
if locales.isEmpty { locales = ["en", "fr_CA"] }

@MainActor func run() throws {
    for locale in locales {
        var parse: [Double] = [], annotations: [Double] = [], index: [Double] = []
        var show: [Double] = [], draw: [Double] = [], search: [Double] = []
        for _ in 0..<rounds {
            var start = now()
            let catalog = try EmojiCatalog(contentsOf: EmojiCatalog.standardPath)
            parse.append(milliseconds(start))
            start = now()
            let names = EmojiAnnotations(locale: locale)
            annotations.append(milliseconds(start))
            start = now()
            let searchIndex = EmojiSearchIndex(catalog: catalog, annotations: names)  // built on the first search
            index.append(milliseconds(start))

            let window = Window(size: Size(width: 400, height: 700))
            window.inputViewAnimation = .none
            window.textLayoutEngine = try PangoTextLayoutEngine()
            let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
            window.addSubview(field)
            field.becomeFirstResponder()
            let canvas = try CairoCanvas(size: window.frame.size)
            window.render(to: canvas)
            window.emojiPicker = EmojiPicker(catalog: catalog, recents: EmojiRecents(path: nil))
            window.emojiPicker.locale = locale
            start = now()
            window.showEmojiPicker(for: field)
            window.layoutIfNeeded()
            show.append(milliseconds(start))
            start = now()
            window.render(to: canvas)
            draw.append(milliseconds(start))
            start = now()
            _ = searchIndex.search("heart")
            search.append(milliseconds(start))
        }
        func figure(_ name: String, _ values: [Double]) { print("  \(name): \(String(format: "%.2f", median(values))) ms") }
        print("\(locale) (\(rounds) rounds, medians):")
        figure("parse emoji-test.txt", parse)
        figure("read CLDR annotations", annotations)
        figure("build search index (on the first search)", index)
        figure("show picker (names for the locale, layout)", show)
        figure("first frame drawn", draw)
        figure("one search (\"heart\")", search)
    }
}

try MainActor.assumeIsolated { try run() }
