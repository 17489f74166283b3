import XKB

/// A single-line text field: the reference control that shows custom-control
/// authors how to use first responder, ``KeyInput``, marked text and traits.
///
/// - Typing reaches it from any hardware layout (dead keys and compose shown
///   as marked text) or from the on-screen keyboard its traits choose.
/// - Return does what ``TextInputTraits/returnKeyType`` says: the next
///   field, resign, or ``Control/Event/primaryActionTriggered``.
/// - Secure entry shows bullets and refuses copy and cut.
/// - A double click selects a word and never dismisses the keyboard.
@MainActor
open class TextField: Control, MarkedTextInput {
    /// The text.
    open var text: String = "" {
        didSet {
            characterCount = editedCharacterCount ?? text.count
            editedCharacterCount = nil
            caretIndex = min(caret, characterCount)
            selectedRange = nil
            textDidChange()
        }
    }

    /// `text.count`, kept up to date so that typing at the end of a long
    /// text does not count it all again.
    private var characterCount = 0
    /// The character count an edit at the end is about to give the text,
    /// known without counting it (see ``replace(_:with:)``).
    private var editedCharacterCount: Int?

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

    /// The caret position, in characters.
    public var caret: Int { caretIndex }
    /// The selected characters, or `nil` for just a caret.
    public var selection: Range<Int>? { selectedRange }
    // The storage of `caret` and `selection`, private so that the compiler
    // can prove exclusive access when compiling the module and leave out the
    // run-time checks it makes on every keystroke for public stored properties.
    private var caretIndex = 0
    private var selectedRange: Range<Int>?
    /// The compose sequence in progress, shown at the caret.
    public private(set) var markedText: String?

    /// Creates a text field.
    public init(frame: Rect = .zero, placeholder: String = "", traits: TextInputTraits = TextInputTraits()) {
        self.placeholder = placeholder
        self.textInputTraits = traits
        super.init(frame: frame)
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    // MARK: KeyInput

    public var hasText: Bool { !text.isEmpty }

    open func insertText(_ inserted: String) {
        if inserted == "\n" {
            // A single line: Return never inserts; it triggers the field's action.
            sendActions(for: .primaryActionTriggered)
            return
        }
        // No line break in it (the common case): nothing to filter out, no copy.
        // A loop, not contains(where:), whose closure would cost a main-actor check.
        var breaks = false
        for byte in inserted.utf8 where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            breaks = true
            break
        }
        let clean = breaks ? String(inserted.filter { $0 != "\n" && $0 != "\r" }) : inserted
        replaceSelection(with: clean)
    }

    open func deleteBackward() {
        if let selection, !selection.isEmpty {
            replace(selection, with: "")
            return
        }
        guard caret > 0 else { return }
        replace((caret - 1)..<caret, with: "")
    }

    open func performReturnKeyAction() {
        sendActions(for: .primaryActionTriggered)
    }

    open func setMarkedText(_ text: String?) {
        markedText = text?.isEmpty == true ? nil : text
        setNeedsDisplay()
    }

    // MARK: Editing

    /// What the field shows: the text (bullets for secure entry) with the
    /// marked text at the caret.
    public var displayText: String {
        let visible = textInputTraits.isSecureTextEntry ? String(repeating: "•", count: text.count) : text
        guard let markedText else { return visible }
        let index = visible.index(visible.startIndex, offsetBy: min(caret, visible.count))
        return String(visible[..<index]) + markedText + String(visible[index...])
    }

    /// The selected text, or `nil`.
    public var selectedText: String? {
        guard let selection, !selection.isEmpty else { return nil }
        return String(Array(text)[selection])
    }

    /// Selects all text.
    public func selectAll() {
        selectedRange = text.isEmpty ? nil : 0..<text.count
        caretIndex = text.count
        setNeedsDisplay()
    }

    /// Copies the selection to the pasteboard — unless the field is secure.
    ///
    /// - Returns: Whether anything was copied.
    @discardableResult
    public func copy(to pasteboard: Pasteboard = .general) -> Bool {
        guard !textInputTraits.isSecureTextEntry, let selected = selectedText else { return false }
        pasteboard.string = selected
        return true
    }

    /// Cuts the selection to the pasteboard — unless the field is secure.
    @discardableResult
    public func cut(to pasteboard: Pasteboard = .general) -> Bool {
        guard copy(to: pasteboard), let selection else { return false }
        replace(selection, with: "")
        return true
    }

    /// Pastes the pasteboard's text at the caret.
    public func paste(from pasteboard: Pasteboard = .general) {
        guard let string = pasteboard.string else { return }
        insertText(string)
    }

    open override var keyCommands: [KeyCommand] { editingKeyCommands }

    /// Made once: the window asks for key commands on every key press.
    private lazy var editingKeyCommands: [KeyCommand] = [
        KeyCommand(input: "a", modifiers: .control, physicalKey: "KEY_A", title: "Select All") { [weak self] in self?.selectAll() },
        KeyCommand(input: "c", modifiers: .control, physicalKey: "KEY_C", title: "Copy") { [weak self] in _ = self?.copy() },
        KeyCommand(input: "x", modifiers: .control, physicalKey: "KEY_X", title: "Cut") { [weak self] in _ = self?.cut() },
        KeyCommand(input: "v", modifiers: .control, physicalKey: "KEY_V", title: "Paste") { [weak self] in self?.paste() },
    ]

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

    open override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        let position = characterIndex(at: event.location(in: self))
        if event.clickCount >= 2 {
            selectWord(at: position)
        } else {
            moveCaret(to: position)
        }
    }

    /// The character position nearest to a point in the field.
    public func characterIndex(at point: Point) -> Int {
        let index = Int((point.x - 4) / characterWidth + 0.5)
        return min(max(index, 0), text.count)
    }

    /// Selects the word around a character position.
    public func selectWord(at position: Int) {
        let characters = Array(text)
        guard !characters.isEmpty else { return }
        var start = min(position, characters.count - 1)
        var end = start
        let isWord: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        guard isWord(characters[start]) else {
            selectedRange = start..<(start + 1)
            setNeedsDisplay()
            return
        }
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        selectedRange = start..<end
        caretIndex = end
        setNeedsDisplay()
    }

    private func moveCaret(to position: Int) {
        caretIndex = min(max(position, 0), text.count)
        selectedRange = nil
        setNeedsDisplay()
    }

    private func replaceSelection(with string: String) {
        if let selection, !selection.isEmpty {
            replace(selection, with: string)
        } else {
            replace(caret..<caret, with: string)
        }
    }

    private func replace(_ range: Range<Int>, with string: String) {
        if range.upperBound >= characterCount, range.lowerBound >= 0 {
            replaceEnd(from: min(range.lowerBound, characterCount), with: string)
            return
        }
        var characters = Array(text)
        let lower = min(range.lowerBound, characters.count), upper = min(range.upperBound, characters.count)
        characters.replaceSubrange(lower..<upper, with: Array(string))
        let newCaret = lower + string.count
        text = String(characters)
        caretIndex = min(newCaret, text.count)
        selectedRange = nil
        sendActions(for: .editingChanged)
    }

    /// Replaces the characters from `lower` to the end — typing and
    /// BackSpace at the end of the text — in place, in time that does not
    /// grow with the text: the same result as ``replace(_:with:)``'s general
    /// path, which copies the whole text.
    private func replaceEnd(from lower: Int, with string: String) {
        // `text` read once (each read is a dynamic call), and let go before the
        // edit so that the edit happens in place.
        let (start, count, inserted) = Self.endEdit(of: text, characterCount: characterCount, from: lower, with: string)
        editedCharacterCount = count
        if lower == characterCount {
            text.append(string)
        } else {
            text.replaceSubrange(start..., with: string)
        }
        caretIndex = min(lower + inserted, count)
        selectedRange = nil
        sendActions(for: .editingChanged)
    }

    /// Where an edit replacing the characters of `text` from `lower` to the
    /// end starts, how many characters the text has after it, and how many
    /// `string` has.
    private static func endEdit(
        of text: String, characterCount: Int, from lower: Int, with string: String
    ) -> (start: String.Index, count: Int, inserted: Int) {
        let start = lower == characterCount ? text.endIndex : text.index(text.endIndex, offsetBy: lower - characterCount)
        guard !string.isEmpty else { return (start, lower, 0) }
        // The common keystroke, without counting graphemes: one ASCII scalar
        // other than CR and LF, after an ASCII scalar or at the start. No
        // grapheme rule joins two such scalars (only CR × LF joins two ASCII
        // ones), so it adds exactly one character.
        let utf8 = string.utf8
        if utf8.count == 1, let byte = utf8.first, byte < 0x80, byte != 0x0D, byte != 0x0A,
            lower == 0 || text.utf8[text.utf8.index(before: start)] < 0x80
        {
            return (start, lower + 1, 1)
        }
        let inserted = string.count
        // Appending can join the last character kept with the first one
        // added (e + U+0301 → é): count the seam, not the whole text.
        let added = lower > 0 ? (String(text[text.index(before: start)]) + string).count - 1 : inserted
        return (start, lower + added, inserted)
    }

    private func textDidChange() {
        setNeedsDisplay()
        inputStateDidChange()
    }

    // MARK: Drawing

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
