import XKB

/// A single-line text field: the reference control that shows custom-control
/// authors how to use first responder, ``KeyInput``, marked text and traits.
///
/// - Typing reaches it from any hardware layout (dead keys and compose shown
///   as marked text) or from the on-screen keyboard its traits choose.
/// - Return does what ``TextInputTraits/returnKeyType`` says: the next
///   field, resign (``Control/Event/editingDidEndOnExit``), or
///   ``Control/Event/primaryActionTriggered``.
/// - A click places the caret and sends ``Control/Event/pointerUpInside``,
///   never ``Control/Event/primaryActionTriggered``: clicking into a search
///   field does not search.
/// - Secure entry shows bullets and refuses copy and cut.
/// - A double click selects a word and never dismisses the keyboard.
@MainActor
open class TextField: Control, MarkedTextInput {
    /// The text.
    open var text: String = "" {
        didSet {
            characterCount = editedCharacterCount ?? text.count
            editedCharacterCount = nil
            caret = min(caret, characterCount)
            selection = nil
            textDidChange()
        }
    }

    /// `text.count`, kept up to date so that typing at the end of a long
    /// text does not count it all again.
    var characterCount = 0
    /// The character count an edit at the end is about to give the text,
    /// known without counting it (see ``replace(_:with:)``).
    var editedCharacterCount: Int?

    /// Shown in grey while the field is empty; the accessory bar shows it as a title.
    open var placeholder: String = "" {
        didSet { setNeedsDisplay() }
    }

    private var explicitAccessibilityLabel: String?

    /// The label set, or else the placeholder (when there is one).
    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? (placeholder.isEmpty ? nil : placeholder) }
        set { explicitAccessibilityLabel = newValue }
    }

    /// Keyboard type, Return key, secure entry, and the rest.
    open var textInputTraits = TextInputTraits() {
        didSet { reloadInputViews() }
    }

    /// Width of one character, in points, for mapping clicks to positions.
    public var characterWidth = 8.0

    // `@exclusivity(unchecked)`: read and written on every keystroke (main actor only).
    /// The caret position, in characters.
    @exclusivity(unchecked) public internal(set) var caret = 0
    /// The selected characters, or `nil` for just a caret.
    @exclusivity(unchecked) public internal(set) var selection: Range<Int>?
    /// The compose sequence in progress, shown at the caret.
    public private(set) var markedText: String?

    /// Creates a text field.
    public init(frame: Rect = .zero, placeholder: String = "", traits: TextInputTraits = TextInputTraits()) {
        self.placeholder = placeholder
        self.textInputTraits = traits
        super.init(frame: frame)
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// `false`: a text field's primary action is its Return key, not a click.
    open override var sendsPrimaryActionOnClick: Bool { false }

    // MARK: KeyInput

    /// Whether the field holds any text.
    public var hasText: Bool { !text.isEmpty }

    /// Inserts text at the caret, replacing the selection; line breaks are
    /// left out, and Return alone triggers ``Control/Event/primaryActionTriggered``.
    ///
    /// - Parameter inserted: The text typed or pasted.
    open func insertText(_ inserted: String) {
        if inserted == "\n" {
            // A single line: Return never inserts; it triggers the field's action.
            sendActions(for: .primaryActionTriggered)
            return
        }
        // No line break in it (the common case): nothing to filter out, no copy.
        var breaks = false
        for byte in inserted.utf8 where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            breaks = true
            break
        }
        let clean = breaks ? String(inserted.filter { $0 != "\n" && $0 != "\r" }) : inserted
        replaceSelection(with: clean)
    }

    /// Deletes the selection, or else the character before the caret.
    open func deleteBackward() {
        if let selection, !selection.isEmpty {
            replace(selection, with: "")
            return
        }
        guard caret > 0 else { return }
        replace((caret - 1)..<caret, with: "")
    }

    /// Sends ``Control/Event/primaryActionTriggered``.
    open func performReturnKeyAction() {
        sendActions(for: .primaryActionTriggered)
    }

    /// Shows a compose sequence in progress at the caret, or ends it with `nil`.
    ///
    /// - Parameter text: The sequence's text, or `nil`.
    open func setMarkedText(_ text: String?) {
        markedText = text?.isEmpty == true ? nil : text
        setNeedsDisplay()
    }

    // MARK: Keys and pointer

    /// Select All, Copy, Cut and Paste on Ctrl+A, C, X and V.
    open override var keyCommands: [KeyCommand] { editingKeyCommands }

    /// Made once: the window asks for key commands on every key press.
    private lazy var editingKeyCommands: [KeyCommand] = [
        KeyCommand(input: "a", modifiers: .control, physicalKey: "KEY_A", title: "Select All") { [weak self] in self?.selectAll() },
        KeyCommand(input: "c", modifiers: .control, physicalKey: "KEY_C", title: "Copy") { [weak self] in _ = self?.copy() },
        KeyCommand(input: "x", modifiers: .control, physicalKey: "KEY_X", title: "Cut") { [weak self] in _ = self?.cut() },
        KeyCommand(input: "v", modifiers: .control, physicalKey: "KEY_V", title: "Paste") { [weak self] in self?.paste() },
    ]

    /// Moves the caret on Left, Right, Home and End; Delete deletes forward.
    open override func pressesBegan(_ press: KeyPress) {
        switch press.keysym {
        case .left: moveCaret(to: caret - 1)
        case .right: moveCaret(to: caret + 1)
        case .home: moveCaret(to: 0)
        case .end: moveCaret(to: text.count)
        case .delete:
            if let selection, !selection.isEmpty { replace(selection, with: "") } else if caret < text.count {
                replace(caret..<(caret + 1), with: "")
            }
        default: super.pressesBegan(press)
        }
    }

    /// Places the caret at the press; a double click selects a word.
    open override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        let position = characterIndex(at: event.location(in: self))
        if event.clickCount >= 2 {
            selectWord(at: position)
        } else {
            moveCaret(to: position)
        }
    }

    /// Redraws and tells the window, which refreshes its Return key and accessory bar.
    private func textDidChange() {
        setNeedsDisplay()
        inputStateDidChange()
    }

    // MARK: Drawing

    /// Draws the border, the selection, and the text or placeholder.
    open override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .white)
        canvas.stroke(rect, color: isFirstResponder ? .accent : .separator, lineWidth: isFirstResponder ? 2 : 1)
        let inner = rect.inset(by: EdgeInsets(top: 0, left: 4, bottom: 0, right: 4))
        if let selection, !selection.isEmpty {
            let start = inner.minX + Double(selection.lowerBound) * characterWidth
            canvas.fill(
                Rect(x: start, y: inner.minY + 2, width: Double(selection.count) * characterWidth, height: inner.height - 4),
                color: .selection)
        }
        if text.isEmpty && markedText == nil {
            canvas.text(placeholder, in: inner, color: .secondaryText, fontSize: 14, alignment: .leading)
        } else {
            canvas.text(displayText, in: inner, color: isEnabled ? .text : .secondaryText, fontSize: 14, alignment: .leading)
        }
    }
}
