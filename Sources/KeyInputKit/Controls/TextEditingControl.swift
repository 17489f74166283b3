/// What ``TextField`` and ``TextView`` share: a control that edits text
/// with a ``TextEditingEngine``, shows it through the window's
/// ``Window/textLayoutEngine``, and takes typing as ``MarkedTextInput``.
///
/// - Keys: every editing key is a ``KeyCommand`` in ``keyCommands`` —
///   Left/Right by grapheme in visual order, Ctrl+Left/Right by word,
///   Home/End, Shift with any of them, Delete, Ctrl+BackSpace/Delete by
///   word, Ctrl+A/C/X/V, undo (Ctrl+Z) and redo (Ctrl+Shift+Z, Ctrl+Y);
///   a ``TextView`` adds Up/Down, PageUp/PageDown and Ctrl+Home/End. On a
///   non-Latin layout they match through the Latin fallback (Ctrl+Z on
///   Russian). Override ``keyCommands`` to change them, and call
///   ``perform(_:)`` from your own.
/// - Pointer: a click puts the caret at the nearest grapheme boundary, a
///   drag selects, a double click selects a word, a triple click all of a
///   field or a text view's paragraph; a middle click (button 2) pastes
///   the primary selection (``Pasteboard/selection``) there.
/// - Selected text becomes the primary selection; secure entry shows one
///   bullet per character and never lets its text reach a pasteboard.
/// - The caret blinks on the window's clock (``Window/caretBlinks``) and
///   holds steady while the person types; the view scrolls to keep it visible.
@MainActor
open class TextEditingControl: Control, MarkedTextInput {
    /// The text, the selection, motions and undo.
    public let editingEngine: TextEditingEngine

    /// The text. Setting it puts the caret at the end and forgets undo; it
    /// sends no ``Control/Event/editingChanged`` (that is for the person's edits).
    open var text: String {
        get { editingEngine.text }
        set {
            editingEngine.text = newValue
            // Text set by the program is not being typed: its last word is checked at once.
            spelling?.seenEditCount = editCount
        }
    }

    /// Shown in grey while there is no text; the accessory bar shows it as a title.
    @exclusivity(unchecked) open var placeholder: String = "" {  // read on every keystroke
        didSet { setNeedsDisplay() }
    }

    private var explicitAccessibilityLabel: String?

    /// The label set, or else the placeholder (when there is one).
    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? (placeholder.isEmpty ? nil : placeholder) }
        set { explicitAccessibilityLabel = newValue }
    }

    /// Keyboard type, Return key, secure entry, and the rest.
    @exclusivity(unchecked) open var textInputTraits = TextInputTraits() {  // read on every keystroke
        didSet {
            if textInputTraits.isSecureTextEntry != oldValue.isSecureTextEntry {
                // A secure field keeps no undo history, as GTK's password entry keeps none.
                editingEngine.keepsUndoHistory = !textInputTraits.isSecureTextEntry
                invalidateLayouts()
            }
            reloadInputViews()
        }
    }

    /// The languages to check spelling in — dictionary tags or ISO 639 codes,
    /// such as `["en_US", "fr"]` — or `nil` (the default) for those of the
    /// active keyboard layout, else the locale's. A word is correct when one
    /// of them knows it. See ``effectiveSpellCheckingLanguages``.
    open var spellCheckingLanguages: [String]? {
        didSet { if spellCheckingLanguages != oldValue { setNeedsDisplay() } }
    }

    /// The font size text is laid out at, in points.
    @exclusivity(unchecked) open var fontSize = 14.0 {  // read on every keystroke
        didSet { invalidateLayouts() }
    }

    /// The selection's range in the text, as UTF-8 offsets (line breaks count
    /// one byte); empty for a plain caret. Setting it selects from the lower
    /// bound (the anchor) to the upper bound (the caret), on grapheme boundaries.
    ///
    /// Reading and setting it walks the paragraphs before the selection;
    /// ``editingEngine`` gives the selection as paragraph positions.
    public var selectedRange: Range<Int> {
        get {
            let selection = editingEngine.selection
            let lower = editingEngine.utf8Offset(of: selection.lowerBound)
            let upper = selection.isEmpty ? lower : editingEngine.utf8Offset(of: selection.upperBound)
            return lower..<upper
        }
        set {
            editingEngine.select(
                TextSelection(
                    anchor: editingEngine.position(utf8Offset: newValue.lowerBound),
                    active: editingEngine.position(utf8Offset: newValue.upperBound)))
        }
    }

    /// Where the caret is (the selection's moving end), as a UTF-8 offset in the text.
    public var caret: Int { editingEngine.utf8Offset(of: editingEngine.selection.active) }

    /// The selected text, or `nil` when nothing is selected.
    public var selectedText: String? { editingEngine.selectedText }

    /// The compose sequence in progress, shown underlined at the caret.
    public var markedText: String? { editingEngine.markedText }

    /// Whether the caret shows now: while first responder, during the "on"
    /// half of a blink (always, when the window's caret does not blink).
    public var isCaretVisible: Bool {
        guard let window, isFirstResponder else { return false }
        return !window.caretBlinks || caretBlink.isVisible(at: window.currentTime)
    }

    /// How far the text is scrolled: the offset of the text's top-left corner.
    ///
    /// The view follows the caret when it is next drawn or asked, not on
    /// every keystroke: typing lays nothing out until then.
    public var contentOffset: Point {
        scrollCaretToVisibleIfNeeded()
        return scrolledOffset
    }

    // MARK: Internal state
    // `@exclusivity(unchecked)`: read and written on every keystroke (main actor only).

    @exclusivity(unchecked) var caretBlink = CaretBlink()
    /// The scroll position as it was last set; ``contentOffset`` follows the caret first.
    @exclusivity(unchecked) var scrolledOffset = Point.zero
    /// Whether the caret moved since the view last scrolled to it.
    @exclusivity(unchecked) var needsScrollToCaret = false
    /// Paragraph layouts as shown, `nil` until needed; one per paragraph.
    @exclusivity(unchecked) var layouts: [TextLayout?] = [nil]
    /// Each paragraph's height once its layout was made, kept when the layout is let go; `nil` before.
    @exclusivity(unchecked) var heights: [Double?] = [nil]
    /// Paragraph layouts made since those far from the caret and the screen were let go.
    @exclusivity(unchecked) var layoutsMadeSinceRelease = 0
    /// What the measured paragraphs hold, for estimating the others' heights.
    @exclusivity(unchecked) var measured = (bytes: 0, height: 0.0, lineHeight: 0.0)
    /// Whether paragraphs not measured yet wait for the next frame's step.
    @exclusivity(unchecked) var measuringIsScheduled = false
    /// Each paragraph's top in the text; valid for indices below ``validTops``.
    @exclusivity(unchecked) var paragraphTops: [Double] = [0]
    @exclusivity(unchecked) var validTops = 0
    /// A paragraph edited in place and its height before: the tops below it hold while the height does.
    @exclusivity(unchecked) var pendingHeightCheck: (paragraph: Int, height: Double)?
    /// The paragraph whose layout grew from the last one (``ProvisionalTextLayout``),
    /// to be laid out again once the keystroke is on screen.
    @exclusivity(unchecked) var provisionalParagraph: Int?
    /// Whether the window will settle it after the next frame.
    @exclusivity(unchecked) var settleIsScheduled = false
    /// Where the last keystroke's provisional layout draws differently, until the selection change marks it.
    @exclusivity(unchecked) var pendingGrowth: (paragraph: Int, rect: Rect)?
    /// A paragraph's layout from before the edits since it was last laid out,
    /// and how much of its text they left at the start and the end: its
    /// next layout is made from it (``TextLayout/updated(to:unchangedPrefix:unchangedSuffix:)``).
    @exclusivity(unchecked) var layoutToUpdate: (paragraph: Int, layout: TextLayout, prefix: Int, suffix: Int)?
    /// The engine and style the layouts were made with. Held strongly (an
    /// engine holds no views): a weak reference to the shared detached engine,
    /// which lives as long as the process, reads as a leak to LeakSanitizer.
    @exclusivity(unchecked) var layoutEngineUsed: TextLayoutEngine?
    /// Whether that engine's layouts may grow by a keystroke (``TextLayoutEngine/makesGrowingLayouts``).
    @exclusivity(unchecked) var layoutsGrow = false
    @exclusivity(unchecked) var layoutStyleUsed: TextStyle?
    /// Counts edits, so an action sends ``Control/Event/editingChanged`` only when the text changed.
    @exclusivity(unchecked) var editCount = 0
    /// How the marked text is drawn: highlighted parts and the caret inside it.
    var markedTextAttributes = MarkedTextAttributes()
    /// Where a drag started, and whether it selects words.
    var dragAnchor: TextPosition?
    /// Whether the selection shows the two handles a finger drags (TextEditingControl+Touch.swift).
    var showsSelectionHandlesFlag = false
    /// A finger's press, acted on when it lifts as a tap.
    var pendingTouchPress: PointerEvent?
    /// While a finger drags a selection handle: the other end of the selection, which stays.
    var handleDragFixedEnd: TextPosition?
    /// The finger's offset from the handle's edge when the handle drag began.
    var handleDragGrip = Point.zero
    /// The caret, selection and marked text last announced to assistive technology.
    var announcedTextState: AnnouncedTextState?
    /// Misspelt words found, while spell checking is on (TextEditingControl+Spelling.swift).
    @exclusivity(unchecked) var spelling: SpellingState?

    /// Creates a control with an empty text.
    ///
    /// - Parameters:
    ///   - frame: The control's frame.
    ///   - allowsLineBreaks: Whether the text may hold line breaks.
    init(frame: Rect, allowsLineBreaks: Bool) {
        editingEngine = TextEditingEngine(allowsLineBreaks: allowsLineBreaks)
        super.init(frame: frame)
        isOpaque = true  // drawText fills the frame first
        cursor = .iBeam
        editingEngine.layoutSource = self
        // A `weak let`, not `[weak self]`: a captured `weak var` is checked for exclusive access on every call.
        weak let control = self
        editingEngine.paragraphsDidChange = { replaced, count in control?.paragraphsDidChange(replaced, count: count) }
        editingEngine.paragraphDidGrow = { paragraph, appended in control?.paragraphDidGrow(paragraph, appended: appended) }
        editingEngine.selectionDidChange = {
            control?.selectionDidChange()
            // Here, not in selectionDidChange(): there the test cost a retain and release per key (callgrind).
            if _slowPath(accessibilityIsObserved) { control?.announceSelection() }
        }
        editingEngine.textDidReplace = { offset, removed, inserted in
            control?.announceReplacement(at: offset, removed: removed, inserted: inserted)
        }
        addTouchGestures()
    }

    open override var canBecomeFirstResponder: Bool { isEnabled }

    // MARK: Overrides (in the class: extensions cannot hold overrides)

    /// The editing keys (see ``TextEditingCommand``), made once: the window
    /// asks for key commands on every key press. Override to add, remove or
    /// replace bindings, and call ``perform(_:)`` from your own.
    open override var keyCommands: [KeyCommand] { editingKeyCommands }

    private lazy var editingKeyCommands: [KeyCommand] = makeEditingKeyCommands()

    /// Does what an editing key does.
    ///
    /// - Parameter command: The command, as a key would perform it.
    open func perform(_ command: TextEditingCommand) { performEditing(command) }

    /// Where the caret is drawn, in the control's coordinates: 2 points wide, as tall as its line.
    open override var caretRect: Rect? { caretRectInView }

    /// Draws the border, then for each visible paragraph its selection, the
    /// caret, the text, and the marked text's underline; the placeholder
    /// while there is no text.
    open override func draw(in canvas: Canvas, rect: Rect) { drawText(in: canvas, rect: rect) }

    /// A click places the caret at the nearest grapheme boundary; a double
    /// click selects a word, a triple click all of a field or a text view's
    /// paragraph; a middle click pastes the primary selection there.
    ///
    /// Under a finger, a tap places the caret, a double tap selects a word and
    /// shows the selection's handles, and dragging does not select.
    open override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        // A finger acts when it lifts as a tap: one that goes on to scroll or drag a handle moves nothing.
        if event.isTouch { return pendingTouchPress = event }
        showsSelectionHandlesFlag = false
        handlePointerDown(event)
    }

    /// Dragging after a click selects from where it began to the pointer.
    open override func pointerDragged(_ event: PointerEvent) { handlePointerDragged(event) }

    /// Whether `point` is inside the control — or on a selection handle, which reaches past its edges.
    open override func point(inside point: Point) -> Bool {
        super.point(inside: point) || selectionHandle(at: point) != nil
    }

    /// A new size: the view follows the caret again when next drawn.
    open override func layoutSubviews() {
        super.layoutSubviews()
        needsScrollToCaret = true
    }

    /// Ends a drag.
    open override func pointerUp(_ event: PointerEvent) {
        if let press = pendingTouchPress {
            pendingTouchPress = nil
            if !event.isCancelled {
                handlePointerDown(press)
                showsSelectionHandlesFlag = press.clickCount == 2
            }
        }
        dragAnchor = nil
        super.pointerUp(event)
    }

    /// Puts the spelling suggestions, Undo, Redo, Cut, Copy, Paste, Delete,
    /// Select All and Emoji before `suggestedActions`, each enabled only when
    /// it can act (TextEditingControl+EditMenu.swift), and asks the rest of the chain.
    open override func editMenu(for request: EditMenuRequest, suggestedActions: [MenuElement]) -> Menu? {
        super.editMenu(for: request, suggestedActions: editingMenuElements(for: request) + suggestedActions)
    }

    /// `false`: a text control's primary action is its Return key, not a click.
    open override var sendsPrimaryActionOnClick: Bool { false }

    // MARK: Accessibility (see TextEditingControl+Accessibility.swift)

    /// A text view, a secure text field or a text field.
    open override var accessibilityRole: AccessibilityRole {
        if editingEngine.allowsLineBreaks { return .textView }
        return textInputTraits.isSecureTextEntry ? .secureTextField : .textField
    }

    /// A control's states, editable while enabled, and single- or multi-line.
    open override var accessibilityStates: AccessibilityStates {
        var states = super.accessibilityStates
        if isEnabled { states.insert(.editable) }
        states.insert(editingEngine.allowsLineBreaks ? .multiLine : .singleLine)
        return states
    }

    /// The control itself: its text, caret and selection in Unicode scalars.
    open override var accessibilityText: (any AccessibleText)? { self }

    // MARK: KeyInput

    /// Whether there is any text.
    public var hasText: Bool { editingEngine.hasText }

    /// Inserts typed text at the caret, replacing the selection.
    ///
    /// - Parameter inserted: The text typed or pasted.
    open func insertText(_ inserted: String) {
        edit { editingEngine.insertText(inserted) }
    }

    /// Deletes the selection, or else the grapheme cluster before the caret.
    open func deleteBackward() {
        edit { editingEngine.deleteBackward() }
    }

    /// Return on an action key (Go, Search, Send…, and the default key of a
    /// field): sends ``Control/Event/primaryActionTriggered``.
    open func performReturnKeyAction() {
        sendActions(for: .primaryActionTriggered)
    }

    /// Shows a compose sequence in progress at the caret, or ends it with `nil`.
    ///
    /// - Parameter text: The sequence's text, or `nil`.
    open func setMarkedText(_ text: String?) {
        markedTextAttributes = MarkedTextAttributes()
        editingEngine.setMarkedText(text)
    }

    /// Shows an input method's preedit at the caret, its highlighted part
    /// filled and the caret where the input method puts it, or ends it with `nil`.
    ///
    /// - Parameters:
    ///   - text: The preedit, or `nil`.
    ///   - attributes: Its highlighted parts and the caret inside it.
    open func setMarkedText(_ text: String?, attributes: MarkedTextAttributes) {
        let changed = attributes != markedTextAttributes
        markedTextAttributes = text == nil ? MarkedTextAttributes() : attributes
        editingEngine.setMarkedText(text)
        if changed { setNeedsDisplay() }
    }

    /// Up to 64 characters before the caret in its paragraph, which smart
    /// quotes and dashes and the on-screen keyboard's automatic Shift read;
    /// `nil` while text is selected (typing replaces it), so nothing is transformed then.
    open var documentContextBeforeInput: String? {
        let selection = editingEngine.selection
        guard selection.isEmpty else { return nil }
        let paragraph = editingEngine.paragraphs[selection.active.paragraph]
        let end = TextEditingEngine.range(in: paragraph, selection.active.offset, nil).lowerBound
        let start = paragraph.index(end, offsetBy: -64, limitedBy: paragraph.startIndex) ?? paragraph.startIndex
        let context = String(paragraph[start..<end])
        return selection.active.paragraph > 0 && context.count < 64 ? "\n" + context : context
    }

    /// Runs an edit and, when it changed the text, sends ``Control/Event/editingChanged``.
    func edit(_ body: () -> Void) {
        let before = editCount
        body()
        if editCount != before { sendActions(for: .editingChanged) }
    }

    // MARK: Changes

    func paragraphsDidChange(_ replaced: Range<Int>, count: Int) {
        editCount += 1
        if spelling != nil { spellingParagraphsDidChange(replaced, count: count) }
        let edited = replaced.lowerBound
        if let provisional = provisionalParagraph, provisional >= edited {
            // Its layout is replaced, or it moves with the paragraphs after the edit.
            provisionalParagraph = provisional < replaced.upperBound ? nil : provisional - replaced.count + count
        }
        if replaced.count == 1, count == 1, let old = layouts[edited],
            pendingHeightCheck?.paragraph ?? edited == edited,
            validTops > edited + 1
        {
            // One paragraph edited in place: the paragraphs below keep their tops unless its height
            // changes, which top(ofParagraph:) checks before it trusts them.
            if pendingHeightCheck == nil { pendingHeightCheck = (edited, old.size.height) }
            keepLayoutForUpdate(old, ofParagraph: edited)
            layouts[edited] = nil  // its height stays the one the tops below were placed with
            return
        }
        if replaced.count == 1, count == 1, !layouts.isEmpty {
            // In place: the layout before (or the one kept from an earlier edit) is updated, not remade.
            if layoutToUpdate != nil || layouts[edited] != nil { keepLayoutForUpdate(layouts[edited], ofParagraph: edited) }
        } else if let kept = layoutToUpdate, kept.paragraph >= edited {
            layoutToUpdate = nil
        }
        if let pending = pendingHeightCheck {
            validTops = min(validTops, pending.paragraph + 1)
            pendingHeightCheck = nil
        }
        if replaced.count == count {
            for index in replaced {
                layouts[index] = nil
                heights[index] = nil
            }
        } else {
            layouts.replaceSubrange(replaced, with: repeatElement(nil, count: count))
            heights.replaceSubrange(replaced, with: repeatElement(nil, count: count))
        }
        if paragraphTops.count != layouts.count {
            // The first paragraph replaced keeps its top; those after it move.
            let after = (replaced.lowerBound + 1)..<max(replaced.lowerBound + 1, replaced.upperBound)
            paragraphTops.replaceSubrange(after, with: repeatElement(0, count: max(0, count - 1)))
        }
        validTops = min(validTops, replaced.lowerBound + 1)
        // The engine calls selectionDidChange next, which redraws and tells the window.
    }

    /// Keeps a paragraph's layout (or the one kept already, when `layout` is
    /// `nil`) to be updated by the edit in place now being made.
    private func keepLayoutForUpdate(_ layout: TextLayout?, ofParagraph paragraph: Int) {
        guard let edit = editingEngine.inPlaceEdit, !textInputTraits.isSecureTextEntry else {
            layoutToUpdate = nil
            return
        }
        if let layout {
            layoutToUpdate = (paragraph, layout, edit.unchangedPrefix, edit.unchangedSuffix)
        } else if let kept = layoutToUpdate, kept.paragraph == paragraph {
            // Edits since it was made: what is unchanged is what none of them touched.
            layoutToUpdate = (
                paragraph, kept.layout, min(kept.prefix, edit.unchangedPrefix), min(kept.suffix, edit.unchangedSuffix)
            )
        } else {
            layoutToUpdate = nil
        }
    }

    private func selectionDidChange() {
        let window = self.window  // once: a weak load and a release each time it is asked
        if let window {
            // The caret holds steady while the person types, and the view follows it.
            caretBlink.lastActivity = window.currentTime
            needsScrollToCaret = true
            if let growth = pendingGrowth {
                pendingGrowth = nil
                markGrowth(growth, in: window)
            } else {
                // The text changed, not the focus ring around the frame: the label beside it is not drawn again.
                window.setNeedsDisplay(insideOf: self)
            }
        }
        if !editingEngine.selection.isEmpty, !textInputTraits.isSecureTextEntry, let selected = selectedText {
            Pasteboard.selection.string = selected
        }
        if let window { inputStateDidChange(in: window) }
    }

    open override func didBecomeFirstResponder() {
        caretBlink.lastActivity = window?.currentTime ?? 0
        needsScrollToCaret = true
        super.didBecomeFirstResponder()
    }
}

extension TextEditingControl: CaretBlinking {
    func nextCaretBlink(after time: Double) -> Double? { caretBlink.nextChange(after: time) }
}
