import KeyInputKit

/// What the popup tests show in a popup: a magenta panel with a green
/// button in its right half that records the pointer events and touches it gets.
@MainActor
public final class PopupTestContent: View {
    /// The panel's colour, easy to find in a screenshot.
    public static let panelColor = Color(red: 1, green: 0, blue: 1)
    /// The button's colour.
    public static let buttonColor = Color(red: 0, green: 1, blue: 0)
    /// The button, in the panel's right half.
    public let button = PopupTestButton(frame: Rect(x: 100, y: 20, width: 90, height: 80))

    /// A 200 × 120 panel.
    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        addSubview(button)
    }

    public override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: Self.panelColor)
    }
}

/// A button that draws itself green and records what reaches it.
@MainActor
public final class PopupTestButton: View {
    /// Pointer events, in the button's coordinates.
    public private(set) var pointerEvents: [PointerEvent] = []
    /// Touches that began on it.
    public private(set) var touchesBegan = 0

    public override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: PopupTestContent.buttonColor)
    }

    public override func pointerDown(_ event: PointerEvent) { pointerEvents.append(event) }
    public override func pointerUp(_ event: PointerEvent) { pointerEvents.append(event) }

    public override func touchesBegan(_ touches: [Touch], with event: TouchEvent) { touchesBegan += touches.count }
}
