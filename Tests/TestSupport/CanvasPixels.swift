import KeyInputCairo
import KeyInputKit

extension Color {
    /// Whether two colours match to within one step of 8 bits per channel.
    public func isClose(to other: Color, tolerance: Double = 1.5 / 255) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
    }

    /// Whether the colour is darker than mid grey: text on the light backgrounds the tests draw.
    public var isDark: Bool { (red + green + blue) / 3 < 0.5 }
}

extension CairoCanvas {
    /// The dark pixels (text) inside a rectangle of pixels.
    public func darkPixels(in rect: Rect) -> [(x: Int, y: Int)] {
        var found: [(Int, Int)] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where color(atX: x, y: y)?.isDark == true {
                found.append((x, y))
            }
        }
        return found
    }
}
