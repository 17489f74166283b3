/// The on-screen keyboard a window shows for a typing responder that has
/// no input view of its own, shaped by that responder's traits.
///
/// Its keys send text through the same path as a hardware keyboard's.
@MainActor
open class OnScreenKeyboard: View {
    /// The keyboard type shown.
    public private(set) var keyboardType: TextInputTraits.KeyboardType = .default
    /// The traits it was configured for.
    public private(set) var traits = TextInputTraits()
    /// Whether the Return key is enabled (off with
    /// `enablesReturnKeyAutomatically` while the responder has no text).
    public private(set) var isReturnKeyEnabled = true

    /// The height of a full keyboard.
    public static let fullHeight = 216.0
    /// The height of a number, decimal or phone pad.
    public static let padHeight = 180.0

    public init() {
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: Self.fullHeight))
        identifier = "on-screen-keyboard"
        keepsKeyboardOnPress = true
    }

    /// Shapes the keyboard for a responder's traits.
    open func configure(for traits: TextInputTraits, window: Window) {
        self.traits = traits
        keyboardType = traits.keyboardType
        let height = traits.keyboardType.isPad ? Self.padHeight : Self.fullHeight
        frame = Rect(x: frame.minX, y: frame.minY, width: window.frame.width, height: height)
        refreshReturnKey(in: window)
    }

    /// Updates the Return key's enabled state from the first responder.
    public func refreshReturnKey(in window: Window) {
        let typing = window.firstResponder as? KeyInput
        isReturnKeyEnabled = !(traits.enablesReturnKeyAutomatically && !(typing?.hasText ?? false))
        setNeedsDisplay()
    }

    /// The label of the Return key.
    public var returnKeyTitle: String { traits.returnKeyType.title }
}
