import CCairo
import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport
import Testing

/// A view that fills its frame with one colour and draws a label.
@MainActor
final class Swatch: View {
    var color: Color
    var label: String
    var alignment: TextAlignment

    init(frame: Rect, color: Color, label: String = "", alignment: TextAlignment = .leading) {
        self.color = color
        self.label = label
        self.alignment = alignment
        super.init(frame: frame)
    }

    override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: color)
        if !label.isEmpty {
            canvas.text(label, in: rect, color: .black, fontSize: 20, alignment: alignment)
        }
    }
}

@Suite("Cairo canvas")
@MainActor
struct CairoCanvasTests {
    @Test("a window renders to a PNG of its size, times the scale", arguments: [1.0, 2.0])
    func pngSize(scale: Double) throws {
        let window = Window(size: Size(width: 320, height: 240))
        let path = try temporaryFolder() + "/window.png"
        try renderPNG(window: window, to: path, scale: scale)

        // Read back with cairo itself.
        let image = try #require(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(image) }
        #expect(cairo_surface_status(image) == CAIRO_STATUS_SUCCESS)
        #expect(cairo_image_surface_get_width(image) == Int32(320 * scale))
        #expect(cairo_image_surface_get_height(image) == Int32(240 * scale))
    }

    @Test("views are where their frames say, in their colours, on the window background")
    func viewPixels() throws {
        let window = Window(size: Size(width: 200, height: 120))
        window.addSubview(Swatch(frame: Rect(x: 40, y: 30, width: 60, height: 20), color: Color(hex: 0xd03020)))
        let path = try temporaryFolder() + "/views.png"
        try renderPNG(window: window, to: path)

        let image = try CairoCanvas(contentsOfPNG: path)
        #expect(image.pixelWidth == 200 && image.pixelHeight == 120)
        #expect(try #require(image.color(atX: 5, y: 5)).isClose(to: .background))
        #expect(try #require(image.color(atX: 40, y: 30)).isClose(to: Color(hex: 0xd03020)))
        #expect(try #require(image.color(atX: 99, y: 49)).isClose(to: Color(hex: 0xd03020)))
        // Just outside the frame on every side: background.
        for (x, y) in [(39, 40), (100, 40), (70, 29), (70, 50)] {
            #expect(try #require(image.color(atX: x, y: y)).isClose(to: .background), "pixel \(x), \(y)")
        }
    }

    @Test("a scale of 2 draws every view twice as large")
    func scaledPixels() throws {
        let window = Window(size: Size(width: 100, height: 50))
        window.addSubview(Swatch(frame: Rect(x: 10, y: 10, width: 10, height: 10), color: .black))
        let path = try temporaryFolder() + "/scaled.png"
        try renderPNG(window: window, to: path, scale: 2)
        let image = try CairoCanvas(contentsOfPNG: path)
        #expect(try #require(image.color(atX: 20, y: 20)).isClose(to: .black))
        #expect(try #require(image.color(atX: 39, y: 39)).isClose(to: .black))
        #expect(try #require(image.color(atX: 40, y: 40)).isClose(to: .background))
    }

    @Test("a text field draws its border, white inside, and its text in dark pixels")
    func textField() throws {
        let window = Window(size: Size(width: 300, height: 100))
        let empty = TextField(frame: Rect(x: 20, y: 10, width: 260, height: 30))
        let filled = TextField(frame: Rect(x: 20, y: 60, width: 260, height: 30))
        filled.text = "hello"
        window.addSubview(empty)
        window.addSubview(filled)
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)

        #expect(try #require(canvas.color(atX: 20, y: 25)).isClose(to: .separator))
        #expect(try #require(canvas.color(atX: 270, y: 25)).isClose(to: .white))
        #expect(canvas.darkPixels(in: Rect(x: 22, y: 11, width: 256, height: 28)).isEmpty)
        let text = canvas.darkPixels(in: Rect(x: 22, y: 61, width: 256, height: 28))
        #expect(text.count > 30)
        // Leading alignment: the text starts just inside the field's 4-point inset.
        #expect((text.map(\.x).min() ?? 0) < 30)
    }

    @Test("text is vertically centred and honours its alignment", arguments: [TextAlignment.leading, .center, .trailing])
    func textAlignment(alignment: TextAlignment) throws {
        let window = Window(size: Size(width: 300, height: 60))
        window.addSubview(
            Swatch(frame: Rect(x: 0, y: 10, width: 300, height: 40), color: .white, label: "Hi", alignment: alignment))
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)

        let text = canvas.darkPixels(in: Rect(x: 0, y: 0, width: 300, height: 60))
        let xs = text.map(\.x), ys = text.map(\.y)
        let left = try #require(xs.min()), right = try #require(xs.max())
        let top = try #require(ys.min()), bottom = try #require(ys.max())
        // Capitals sit above the baseline; the ink's middle is near the rect's middle.
        #expect(abs(Double(top + bottom) / 2 - 30) <= 4)
        switch alignment {
        case .leading: #expect(left <= 3)
        case .center: #expect(abs(Double(left + right) / 2 - 150) <= 3)
        case .trailing: #expect(right >= 294)
        }
    }

    @Test("text wider than its rectangle is cut short and stays inside it")
    func textClipping() throws {
        let window = Window(size: Size(width: 200, height: 40))
        window.addSubview(
            Swatch(frame: Rect(x: 50, y: 0, width: 60, height: 40), color: .white, label: "a long, long line of text"))
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        let text = canvas.darkPixels(in: Rect(x: 0, y: 0, width: 200, height: 40))
        #expect(!text.isEmpty)
        #expect(text.allSatisfy { $0.x >= 50 && $0.x < 110 })
    }

    @Test("rendering to a file leaves the window's needsDisplay as it was")
    func needsDisplayKept() throws {
        let window = Window(size: Size(width: 50, height: 50))
        window.needsDisplay = true
        try renderPNG(window: window, to: try temporaryFolder() + "/a.png")
        #expect(window.needsDisplay)
        window.needsDisplay = false
        try renderPNG(window: window, to: try temporaryFolder() + "/b.png")
        #expect(!window.needsDisplay)
    }

    @Test("errors say which file and why")
    func errors() throws {
        let canvas = try CairoCanvas(size: Size(width: 10, height: 10))
        let missing = "/nonexistent-folder-\(UUID().uuidString)/x.png"
        let write = #expect(throws: CairoError.self) { try canvas.writePNG(to: missing) }
        #expect(write?.code == .pngWriteFailed)
        #expect(write?.message.contains(missing) == true)

        let read = #expect(throws: CairoError.self) { try CairoCanvas(contentsOfPNG: missing) }
        #expect(read?.code == .pngReadFailed)

        let empty = #expect(throws: CairoError.self) { try CairoCanvas(size: .zero) }
        #expect(empty?.code == .surfaceCreationFailed)
    }
}
