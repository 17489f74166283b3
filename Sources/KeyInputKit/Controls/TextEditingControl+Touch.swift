/// Which end of the selection a handle marks.
enum SelectionHandleEnd {
    case start, end
}

extension TextEditingControl {
    /// How far from a handle's knob a finger still takes it, in points (half of a 44-point target).
    static let handleReach = 22.0
    /// The knob's diameter, in points.
    static let handleKnob = 10.0

    /// Whether the selection shows the two handles a finger drags to change it:
    /// after a long press or a double tap by touch, while the control is first
    /// responder and the selection is not empty.
    public var showsSelectionHandles: Bool {
        showsSelectionHandlesFlag && isFirstResponder && !editingEngine.selection.isEmpty
    }

    /// Where the handles' knobs are, in the control's coordinates, while they show.
    public var selectionHandleKnobs: (start: Rect, end: Rect)? {
        guard showsSelectionHandles else { return nil }
        let selection = editingEngine.selection
        return (
            handleKnob(for: .start, caret: caretRect(at: selection.lowerBound)),
            handleKnob(for: .end, caret: caretRect(at: selection.upperBound))
        )
    }

    /// The selection's carets and handle knobs, in window coordinates: what a long press's menu leaves uncovered.
    private var selectionAndHandlesInWindow: Rect? {
        let selection = editingEngine.selection
        var rect = caretRect(at: selection.lowerBound).union(caretRect(at: selection.upperBound))
        if let knobs = selectionHandleKnobs { rect = rect.union(knobs.start).union(knobs.end) }
        return convert(rect, to: nil)
    }

    /// Attaches what fingers do on text: a long press selects a word, a drag on a handle moves that end.
    func addTouchGestures() {
        let press = LongPressGestureRecognizer { [weak self] in self?.longPressChanged($0) }
        press.allowedTouchKinds = [.finger]
        addGestureRecognizer(press)
        let handles = SelectionHandlePan { [weak self] in self?.handleDragChanged($0 as! PanGestureRecognizer) }
        handles.allowedTouchKinds = [.finger]
        addGestureRecognizer(handles)
    }

    /// A long press focuses the control and selects the word under the finger, following it as it moves;
    /// when the finger lifts, the edit menu opens, as on iOS.
    private func longPressChanged(_ recognizer: GestureRecognizer) {
        if recognizer.state == .ended, isEnabled, isFirstResponder, let window {
            let request = EditMenuRequest(location: recognizer.location(in: nil), trigger: .longPress, avoiding: selectionAndHandlesInWindow)
            window.presentEditMenu(for: self, request: request)
            return
        }
        guard isEnabled, recognizer.state == .began || recognizer.state == .changed else { return }
        if !isFirstResponder { becomeFirstResponder() }
        let (start, end) = editingEngine.wordRange(at: position(at: recognizer.location(in: self)))
        editingEngine.select(TextSelection(anchor: start, active: end))
        showsSelectionHandlesFlag = true
        setNeedsDisplay()
    }

    /// Moves the end of the selection whose handle the finger holds.
    private func handleDragChanged(_ recognizer: PanGestureRecognizer) {
        let point = recognizer.location(in: self)
        switch recognizer.state {
        case .began:
            let selection = editingEngine.selection
            guard let end = selectionHandle(at: point) else { return }
            handleDragFixedEnd = end == .start ? selection.upperBound : selection.lowerBound
            let edge = caretRect(at: end == .start ? selection.lowerBound : selection.upperBound)
            handleDragGrip = Point(x: point.x - edge.midX, y: point.y - edge.midY)
        case .changed:
            guard let fixed = handleDragFixedEnd else { return }
            let moved = position(at: Point(x: point.x - handleDragGrip.x, y: point.y - handleDragGrip.y))
            // A handle never crosses the other: the selection keeps at least one cluster.
            guard moved != fixed else { return }
            editingEngine.select(TextSelection(anchor: fixed, active: moved))
            showsSelectionHandlesFlag = true
            setNeedsDisplay()
        default:
            handleDragFixedEnd = nil
        }
    }

    /// The handle a point (control coordinates) is on, if the handles show.
    func selectionHandle(at point: Point) -> SelectionHandleEnd? {
        guard showsSelectionHandles else { return nil }
        let selection = editingEngine.selection
        let start = handleKnob(for: .start, caret: caretRect(at: selection.lowerBound))
        let end = handleKnob(for: .end, caret: caretRect(at: selection.upperBound))
        let toStart = point.distance(to: Point(x: start.midX, y: start.midY))
        let toEnd = point.distance(to: Point(x: end.midX, y: end.midY))
        guard min(toStart, toEnd) <= Self.handleReach else { return nil }
        return toStart < toEnd ? .start : .end
    }

    /// The knob of a handle: above the start's caret, below the end's, as UIKit
    /// draws them — kept inside the frame, which is all a view draws in.
    func handleKnob(for end: SelectionHandleEnd, caret: Rect) -> Rect {
        let size = Self.handleKnob
        let y = end == .start ? max(caret.minY - size, 1) : min(caret.maxY, frame.height - 1 - size)
        return Rect(x: caret.midX - size / 2, y: y, width: size, height: size)
    }

    /// Draws the handles (a bar along each end of the selection and its knob), if they show.
    func drawSelectionHandles(in canvas: Canvas, offset: Point) {
        guard showsSelectionHandles else { return }
        let selection = editingEngine.selection
        for (end, position) in [(SelectionHandleEnd.start, selection.lowerBound), (.end, selection.upperBound)] {
            let caret = caretRect(at: position)
            canvas.fill(caret.offsetBy(dx: offset.x, dy: offset.y), color: .accent)
            canvas.fillEllipse(in: handleKnob(for: end, caret: caret).offsetBy(dx: offset.x, dy: offset.y), color: .accent)
        }
    }
}

/// A pan that only a finger starting on a selection handle begins: it wins
/// over a scroll view's pan, as its few points of slop come first.
@MainActor
final class SelectionHandlePan: PanGestureRecognizer {
    override init(action: ((GestureRecognizer) -> Void)? = nil) {
        super.init(action: action)
        minimumDistance = 2
    }

    override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        super.touchesBegan(touches, with: event)
        guard let control = view as? TextEditingControl, let touch = touches.first,
            control.selectionHandle(at: touch.location(in: control)) != nil
        else { return state = .failed }
    }
}
