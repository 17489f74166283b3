/// A multi-line text view (UIKit's `UITextView`): Return inserts a line
/// break, lines wrap at the view's width, and the view scrolls to keep the
/// caret visible (and with the wheel).
///
/// Editing — caret, selection, motions (Up and Down keep the column,
/// PageUp and PageDown move by the visible height, Home and End go to the
/// line's ends, Ctrl+Home and Ctrl+End to the text's), undo, the pointer,
/// the clipboard — comes from ``TextEditingControl``.
///
/// The text is kept and laid out one paragraph at a time: a keystroke
/// relays out only the paragraph it edits, however long the text.
@MainActor
open class TextView: TextEditingControl {
    /// The pan that scrolls the text under a finger (fingers only: the mouse selects).
    public let scrollingPan: PanGestureRecognizer = {
        let pan = PanGestureRecognizer()
        pan.allowedTouchKinds = [.finger]
        return pan
    }()
    /// The offset when the finger's scroll began.
    var offsetAtPanStart = Point.zero
    /// Creates a text view.
    ///
    /// - Parameters:
    ///   - frame: The view's frame.
    ///   - text: The text to start with.
    ///   - traits: Keyboard type, Return key, secure entry…
    public init(frame: Rect = .zero, text: String = "", traits: TextInputTraits = TextInputTraits()) {
        super.init(frame: frame, allowsLineBreaks: true)
        self.textInputTraits = traits
        if !text.isEmpty { self.text = text }
        scrollingPan.addAction { [weak self] in self?.scrollingPanChanged($0 as! PanGestureRecognizer) }
        addGestureRecognizer(scrollingPan)
    }

    /// A finger that comes down while the text scrolls on by itself stops it, and does nothing else.
    open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        if let window, window.runsFrameAnimation(owner: self) {
            return window.stopFrameAnimation(owner: self)
        }
        super.touchesBegan(touches, with: event)
    }

    /// Inserts a line break, whatever the Return key is called: in a text
    /// view, Return (and keypad Enter) starts a new line.
    open override func performReturnKeyAction() {
        insertText("\n")
    }

    /// The wheel scrolls the text by three lines a step.
    open override func scrollWheel(_ event: PointerEvent) {
        guard case .scroll(_, let dy) = event.kind else { return super.scrollWheel(event) }
        let lineHeight = layout(forParagraph: 0).lines.first?.frame.height ?? 16
        setContentOffset(Point(x: contentOffset.x, y: contentOffset.y + dy * 3 * lineHeight))
    }
}
