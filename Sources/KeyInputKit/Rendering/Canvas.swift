/// A colour, with components from 0 to 1.
public struct Color: Hashable, Sendable {
    /// The red component.
    public var red: Double
    /// The green component.
    public var green: Double
    /// The blue component.
    public var blue: Double
    /// The opacity: 0 is transparent, 1 opaque.
    public var alpha: Double

    /// Creates a colour from its components, each from 0 to 1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
            blue: Double(hex & 0xff) / 255, alpha: alpha)
    }

    /// Fully transparent: draws nothing.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Black.
    public static let black = Color(hex: 0x000000)
    /// White.
    public static let white = Color(hex: 0xffffff)
    /// Window background.
    public static let background = Color(hex: 0xf2f2f7)
    /// Text.
    public static let text = Color(hex: 0x1c1c1e)
    /// Placeholders and disabled text.
    public static let secondaryText = Color(hex: 0x8e8e93)
    /// Borders.
    public static let separator = Color(hex: 0xc6c6c8)
    /// The focus ring, the caret, buttons.
    public static let accent = Color(hex: 0x0a64d8)
    /// Selected text and highlighted rows.
    public static let selection = Color(hex: 0xb3d4fc)
    /// The keyboard's background.
    public static let keyboardBackground = Color(hex: 0xd1d3d9)
    /// A key.
    public static let key = Color(hex: 0xffffff)
    /// A key that is a modifier or function key.
    public static let specialKey = Color(hex: 0xadb3bc)
    /// The squiggle under a misspelt word.
    public static let misspelling = Color(hex: 0xe01b24)
}

/// Where text sits in its rectangle.
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// Something views draw into: a terminal grid of characters (``TextCanvas``)
/// or pixels (the cairo canvas of the X11 host, PNG files).
///
/// All coordinates are window coordinates.
@MainActor
public protocol Canvas: AnyObject {
    /// The size of the drawing area.
    var size: Size { get }
    /// Fills a rectangle (an opaque fill also hides what was drawn below it).
    func fill(_ rect: Rect, color: Color)
    /// Draws a rectangle's outline; a `lineWidth` of 2 or more marks focus.
    func stroke(_ rect: Rect, color: Color, lineWidth: Double)
    /// Draws a straight line.
    func line(from start: Point, to end: Point, color: Color, lineWidth: Double)
    /// Fills the ellipse inside `rect` (a circle in a square). The default fills the rectangle.
    func fillEllipse(in rect: Rect, color: Color)
    /// Draws the wavy line that marks an error, such as a misspelt word,
    /// filling `rect` (Pango's error underline). The default draws a straight
    /// line across the rectangle's middle.
    ///
    /// - Parameters:
    ///   - rect: Below the word: as wide as it, a few points high.
    ///   - color: The line's colour, ``Color/misspelling`` for spelling.
    func errorUnderline(in rect: Rect, color: Color)
    /// Draws one line of text, vertically centred in `rect`.
    func text(_ string: String, in rect: Rect, color: Color, fontSize: Double, alignment: TextAlignment)
    /// Cuts everything drawn from now on to `rect` (and to the clips pushed
    /// before it), until the matching ``popClip()``.
    ///
    /// - Parameter rect: The area drawing stays inside, in window coordinates.
    func pushClip(_ rect: Rect)
    /// Ends the clip the last ``pushClip(_:)`` began.
    func popClip()
    /// A rectangle around all that drawing may change now, inside the
    /// clips pushed: a view can skip what lies outside it.
    var clipBounds: Rect { get }
}

extension Canvas {
    /// The whole canvas, for canvases that do not track their clips.
    public var clipBounds: Rect { Rect(origin: .zero, size: size) }
    /// Draws a rectangle's outline, one unit wide.
    public func stroke(_ rect: Rect, color: Color) { stroke(rect, color: color, lineWidth: 1) }
    /// Fills `rect`: canvases that cannot draw curves show a knob as a square.
    public func fillEllipse(in rect: Rect, color: Color) { fill(rect, color: color) }
    /// A straight line across the rectangle's middle: canvases that cannot draw curves show no wave.
    public func errorUnderline(in rect: Rect, color: Color) {
        line(from: Point(x: rect.minX, y: rect.midY), to: Point(x: rect.maxX, y: rect.midY), color: color, lineWidth: 1)
    }
    /// Draws text at the standard size.
    public func text(_ string: String, in rect: Rect, color: Color = .text, alignment: TextAlignment = .leading) {
        text(string, in: rect, color: color, fontSize: 14, alignment: alignment)
    }
}
