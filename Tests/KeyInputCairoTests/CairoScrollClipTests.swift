import KeyInputCairo
import KeyInputKit
import Testing

@Suite("Cairo canvas: a scroll view's clip")
@MainActor
struct CairoScrollClipTests {
    @Test func aSwatchScrolledHalfOutOfAScrollViewIsCutAtItsEdgeInPixels() throws {
        let window = Window(size: Size(width: 200, height: 200))
        let scroll = ScrollView(frame: Rect(x: 0, y: 50, width: 200, height: 100))
        scroll.contentSize = Size(width: 200, height: 400)
        let red = Color(hex: 0xd03020)
        scroll.addSubview(Swatch(frame: Rect(x: 20, y: 60, width: 100, height: 80), color: red))
        window.addSubview(scroll)
        scroll.contentOffset = Point(x: 0, y: 100)
        // The swatch is now at window y 10…90; the scroll view shows y 50…150.
        let canvas = try CairoCanvas(size: window.frame.size)
        window.render(to: canvas)
        #expect(canvas.color(atX: 60, y: 70) == red, "the visible half of the swatch is missing")
        #expect(canvas.color(atX: 60, y: 30) == .background, "the swatch was drawn above the scroll view's top edge")
    }

    @Test func drawingIsCutBetweenPushClipAndPopClipOnly() throws {
        let canvas = try CairoCanvas(size: Size(width: 100, height: 100))
        canvas.pushClip(Rect(x: 0, y: 0, width: 50, height: 100))
        canvas.fill(Rect(x: 0, y: 0, width: 100, height: 50), color: .black)
        canvas.popClip()
        canvas.fill(Rect(x: 0, y: 50, width: 100, height: 50), color: .white)
        #expect(canvas.color(atX: 25, y: 25) == .black)
        #expect(canvas.color(atX: 75, y: 25) == .clear, "a fill reached past the clip")
        #expect(canvas.color(atX: 75, y: 75) == .white, "the clip lasted past popClip")
    }
}
