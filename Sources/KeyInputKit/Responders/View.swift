/// A rectangle on screen that can hold other views, take pointer presses,
/// and — when a subclass allows it — become first responder.
///
/// Only what focus, dismissal and layout need: frames, a tree of subviews,
/// hit testing, coordinate conversion, visibility and interaction.
@MainActor
open class View: Responder {
    // `@exclusivity(unchecked)` marks what every frame's walk of the view tree reads (main actor only).

    /// The view's frame in its superview's coordinates.
    ///
    /// A new size marks the view as needing layout (``View/setNeedsLayout()``).
    @exclusivity(unchecked) open var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if let window {
                // Where it was and where it is now both show something new.
                let now = frameInWindow
                let before = Rect(
                    x: now.minX - frame.minX + oldValue.minX, y: now.minY - frame.minY + oldValue.minY,
                    width: oldValue.width, height: oldValue.height)
                window.markNeedsDisplay(in: before.union(now))
                window.focusOrderMayHaveChanged()
            }
            if frame.size != oldValue.size { setNeedsLayout() }
            layoutDidChange()
        }
    }

    /// The view's own coordinate space: its frame's size, at the origin —
    /// or, in a ``ScrollView``, at its content offset.
    public var bounds: Rect { Rect(origin: boundsOrigin, size: frame.size) }

    /// Where the view's coordinate space starts: zero, except in a scroll
    /// view, whose subviews move up and left by its content offset.
    @exclusivity(unchecked) var boundsOrigin = Point.zero

    /// Whether drawing of the subviews is cut at the view's edges (a scroll view does this).
    @exclusivity(unchecked) open var clipsToBounds = false

    /// Whether ``draw(in:rect:)`` covers the whole frame with opaque colour,
    /// so that nothing behind the view shows through: when only a part
    /// inside it needs drawing, the window draws nothing behind it. A text
    /// field is opaque; a view that leaves any of its frame unpainted must
    /// not be.
    @exclusivity(unchecked) public var isOpaque = false

    /// A name for tests, state dumps and the demo's `click CONTROL-ID`.
    public var identifier: String?

    /// What a person calls this view — "Birthday", "Quantity" — for assistive
    /// technology and as the ``InputAccessoryBar``'s title while the view is
    /// first responder.
    ///
    /// `nil` by default; a ``TextField`` answers with its placeholder unless
    /// given a label of its own.
    open var accessibilityLabel: String?

    /// More about the view for assistive technology, read after its label
    /// and role ("Opens the calendar"); `nil` by default.
    open var accessibilityDescription: String?

    /// The label that names this view for assistive technology (held
    /// weakly): a reader announces the field with the label's text, and the
    /// label reads as the label for this view.
    public weak var accessibilityLabelledBy: View? {
        didSet {
            oldValue?.accessibilityLabelTargets.removeAll { $0.view === self || $0.view == nil }
            accessibilityLabelledBy?.accessibilityLabelTargets.append(WeakView(view: self))
        }
    }

    /// The views this one is the label for (see ``accessibilityLabelledBy``).
    var accessibilityLabelTargets: [WeakView] = []

    /// The view that holds this one (held weakly).
    @exclusivity(unchecked) public private(set) weak var superview: View?  // read on every key event

    /// The views this one holds, back to front.
    @exclusivity(unchecked) public private(set) var subviews: [View] = []

    /// Hidden views are not drawn, not hit, and not focused.
    @exclusivity(unchecked) open var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            if let window {
                window.markNeedsDisplay(in: frameInWindow)
                window.focusOrderMayHaveChanged()
            }
            postAccessibilityEvent(.stateChanged(self, [.visible, .showing], isOn: !isHidden))
        }
    }

    /// When `false`, presses pass through the view and its subviews.
    open var isUserInteractionEnabled = true

    /// Whether the view's contents follow the language's direction or keep
    /// one of their own, for the view and the views inside it
    /// (``effectiveUserInterfaceLayoutDirection``); `.unspecified` by default.
    /// A change lays them out and draws them again.
    public var semanticContentAttribute = SemanticContentAttribute.unspecified {
        didSet { if semanticContentAttribute.forcedDirection != oldValue.forcedDirection { layoutDirectionDidChange() } }
    }

    /// The pointer image while the pointer is over this view, or `nil` to
    /// show its superview's; text fields and text views show the I-beam.
    public var cursor: Cursor?

    /// The gesture recognizers attached (View+Touches.swift).
    var attachedGestureRecognizers: [GestureRecognizer] = []
    /// The touch that acts as the pointer for this view, while one does (View+Touches.swift).
    var pointerTouchID: Int?

    /// When `true`, a press in this view (or inside it) never dismisses the
    /// keyboard: the accessory bar and input views say so, and so can any
    /// view, such as a formatting toolbar.
    open var keepsKeyboardOnPress = false

    /// When `true` (the default) a press in this view makes it first
    /// responder, if it can become one.
    open var becomesFirstResponderOnPress = true

    /// Whether ``layoutSubviews()`` runs at the next layout pass; a new view needs one.
    public private(set) var needsLayout = true

    /// Creates a view with a frame.
    public init(frame: Rect = .zero) {
        self.frame = frame
        super.init()
    }

    /// Frees the subtree without recursion: a chain of views thousands deep
    /// would otherwise free each view from inside its superview's deinit, one
    /// stack frame per level. Each subview held only here gives up its own
    /// subviews before it goes, so every view goes with no subviews left.
    isolated deinit {
        var pending = subviews
        subviews = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view) {
                pending.append(contentsOf: view.subviews)
                view.subviews = []
            }
        }
    }

    // MARK: The responder chain

    /// The superview, or — for a view at the top — nothing.
    open override var next: Responder? { superview }

    /// The window at the root of the view's tree, kept up to date as views
    /// are added and removed (no walk up the tree).
    open override var window: Window? { containingWindow }

    /// The window at the root of the tree, set whenever the view moves.
    private weak var containingWindow: Window?

    // MARK: The tree (questions about it in View+Hierarchy.swift)

    /// Adds a view on top of the others, taking it from its old superview.
    open func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at an index of ``subviews``.
    open func insertSubview(_ view: View, at index: Int) {
        // A view without subviews cannot be an ancestor: skip the walk up.
        precondition(view !== self && (view.subviews.isEmpty || !isDescendant(of: view)), "a view cannot contain itself")
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(index, subviews.count))
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.notifySubtreeMovedToWindow()
        window?.viewHierarchyDidChange()
        if let application = accessibilityObserver, let index = subviews.firstIndex(where: { $0 === view }) {
            application.postAccessibilityEvent(.childrenChanged(parent: self, child: view, index: index, added: true))
        }
    }

    /// Removes the view from its superview.
    ///
    /// When the view or one of its descendants is first responder, it
    /// resigns first — input view hidden, events sent — without being asked,
    /// so no window keeps a responder it no longer holds.
    open func removeFromSuperview() {
        guard let superview else { return }
        let oldWindow = window
        if let oldWindow, let first = oldWindow.firstResponder as? View, first.isDescendant(of: self) {
            oldWindow.transferFirstResponder(to: nil, force: true)
        }
        // A callback may already have moved the view; check again.
        guard self.superview === superview else { return }
        let index = superview.subviews.firstIndex { $0 === self }
        let observer = accessibilityObserver  // asked while the view is still in its window
        if let index { superview.subviews.remove(at: index) }
        self.superview = nil
        notifySubtreeMovedToWindow()
        oldWindow?.viewHierarchyDidChange()
        if let observer, let index {
            observer.postAccessibilityEvent(.childrenChanged(parent: superview, child: self, index: index, added: false))
        }
    }

    /// Called when the view joined or left a window (itself or through an ancestor).
    open func didMoveToWindow() {}

    private func notifySubtreeMovedToWindow() {
        let newWindow = self as? Window ?? superview?.window
        let tree = subtree
        for view in tree where !(view is Window) { view.containingWindow = newWindow }
        if let newWindow, tree.contains(where: \.needsLayout) { newWindow.hasPendingLayout = true }
        for view in tree { view.didMoveToWindow() }
    }

    /// Called when the frame changed; where the view was and where it is
    /// are already marked for drawing.
    open func layoutDidChange() {
        window?.viewHierarchyDidChange(redraw: false)
    }

    // MARK: Layout

    /// Places the subviews for the view's current bounds.
    ///
    /// The layout pass (``layoutIfNeeded()``) calls it on each view marked
    /// with ``setNeedsLayout()`` — a view whose size changed is marked — from
    /// the top of the tree down, so a view lays out after its superview gave
    /// it its frame. The default does nothing. Do not call it directly: call
    /// ``setNeedsLayout()``, or ``layoutIfNeeded()`` to lay out at once.
    open func layoutSubviews() {}

    /// Marks the view as needing layout at the next layout pass.
    ///
    /// The pass runs before the window is drawn, when the window changes
    /// size, and whenever ``layoutIfNeeded()`` is called.
    open func setNeedsLayout() {
        needsLayout = true
        if let window {
            window.hasPendingLayout = true
            window.needsDisplay = true
        }
    }

    /// Lays out, now, every view of the subtree rooted here that needs it:
    /// each one's ``layoutSubviews()`` runs before those of its subviews.
    ///
    /// Views that changed size during the pass — given new frames by their
    /// superview's ``layoutSubviews()`` — are laid out in the same pass.
    public func layoutIfNeeded() {
        var stack: [View] = [self]
        while let view = stack.popLast() {
            if view.needsLayout {
                view.needsLayout = false
                view.layoutSubviews()
            }
            stack.append(contentsOf: view.subviews.reversed())
        }
        if let window = self as? Window { window.hasPendingLayout = false }
    }

    // MARK: Hit testing (the walk down the tree in View+HitTesting.swift)

    /// Whether `point`, in the view's coordinates, is inside it.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// How a press at `point` (in the view's coordinates) treats this view —
    /// the one question ``View/hitTest(_:)`` asks each view on its way down.
    ///
    /// The default misses hidden views, views with user interaction off and
    /// points outside ``View/point(inside:)``, and otherwise searches the subviews.
    /// Override it to make a view take presses for its subviews, or to let
    /// presses through.
    ///
    /// - Parameter point: The press, in the view's coordinates.
    /// - Returns: Whether the press misses the view, lands on it, or is looked for among its subviews.
    open func hitTestDecision(at point: Point) -> HitTestDecision {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return .miss }
        return .searchSubviews
    }

    // MARK: Geometry (positions in the window and conversions in View+Geometry.swift)

    /// Where the view's caret is, in its own coordinates, for a view that
    /// edits text; `nil` (the default) for one that does not.
    ///
    /// A ``ScrollView`` keeps the caret above the keyboard when the whole
    /// view does not fit there; call ``Responder/inputStateDidChange()``
    /// after the caret moves.
    open var caretRect: Rect? { nil }

    // MARK: Pointer
    //
    // The defaults pass the event to the superview once the method returns,
    // in a loop rather than one call inside the other, so a press deep in a
    // tree 10,000 views tall reaches the top without running out of stack.

    /// A pointer button went down in the view. The default passes it to the superview.
    open func pointerDown(_ event: PointerEvent) { passOn(to: \View.superview) { $0.pointerDown(event) } }
    /// The button went up; sent to the view that got ``pointerDown(_:)``.
    open func pointerUp(_ event: PointerEvent) { passOn(to: \View.superview) { $0.pointerUp(event) } }
    /// The pointer moved with a button down; sent to the view that got ``pointerDown(_:)``.
    open func pointerDragged(_ event: PointerEvent) { passOn(to: \View.superview) { $0.pointerDragged(event) } }
    /// The wheel turned over the view. The default passes it to the superview.
    open func scrollWheel(_ event: PointerEvent) { passOn(to: \View.superview) { $0.scrollWheel(event) } }

    // MARK: Touches
    //
    // A view that does not override these still works under a finger: the
    // first touch on it acts as the pointer (press, drag, release), with the
    // touch's tap count as the click count.

    /// Fingers came down on the view (hit-tested once, at touch-down; the view keeps them until they lift).
    ///
    /// The default makes the first of them the pointer: ``pointerDown(_:)``.
    open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
        guard pointerTouchID == nil, let touch = touches.first else { return }
        pointerTouchID = touch.id
        pointerDown(PointerEvent(touch: touch, kind: .down))
    }

    /// Fingers the view got moved. The default drags the pointer: ``pointerDragged(_:)``.
    open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first(where: { $0.id == pointerTouchID }) else { return }
        pointerDragged(PointerEvent(touch: touch, kind: .dragged))
    }

    /// Fingers the view got lifted. The default releases the pointer: ``pointerUp(_:)``.
    open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first(where: { $0.id == pointerTouchID }) else { return }
        pointerTouchID = nil
        pointerUp(PointerEvent(touch: touch, kind: .up))
    }

    /// Fingers the view got were taken away — a gesture took them over, or the
    /// window system cancelled them. The default releases the pointer with
    /// ``PointerEvent/isCancelled`` set, which no control acts on.
    open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
        guard let touch = touches.first(where: { $0.id == pointerTouchID }) else { return }
        pointerTouchID = nil
        var release = PointerEvent(touch: touch, kind: .up)
        release.isCancelled = true
        pointerUp(release)
    }

    /// When the view next needs the clock while a touch or press it got is held (a key's long press), if ever.
    var heldPressDeadline: Double? { nil }

    /// The window's clock reached `time`, at or past ``heldPressDeadline``.
    func heldPressTimeDidPass(_ time: Double) {}

    // MARK: Drawing

    /// Marks the view as needing to be drawn again: its frame in the window
    /// (``Window/damagedRect``).
    open func setNeedsDisplay() { window?.setNeedsDisplay(for: self) }

    /// Marks part of the view as needing to be drawn again, so that less of
    /// the window is drawn and copied: a text field's text, not its border.
    ///
    /// The window's ``Window/damagedRect`` grows to hold the part, and two
    /// points more on each side, for strokes and antialiasing.
    ///
    /// - Parameter rect: The part, in the view's coordinates (``bounds``);
    ///   for a window, window coordinates.
    public func setNeedsDisplay(in rect: Rect) {
        guard let window else { return }
        let origin = boundsOriginInWindow
        window.markNeedsDisplay(in: rect.offsetBy(dx: origin.x, dy: origin.y))
    }

    /// Draws the view's own content (not its subviews, which draw after it).
    ///
    /// - Parameters:
    ///   - canvas: What to draw into, in window coordinates.
    ///   - rect: The view's frame in window coordinates.
    open func draw(in canvas: Canvas, rect: Rect) {}

    // MARK: Accessibility
    //
    // A subclass says what it is by overriding these; see View+Accessibility.swift for the defaults.

    /// What the view is for assistive technology: ``AccessibilityRole/panel`` by default.
    open var accessibilityRole: AccessibilityRole { .panel }
    /// The view's value and range; `nil` by default.
    open var accessibilityValue: AccessibilityValue? { nil }
    /// The view's states: visible and showing as it is on screen, enabled,
    /// focusable when it can become first responder, focused while it is.
    open var accessibilityStates: AccessibilityStates { viewAccessibilityStates }
    /// What a reader can do to the view; none by default.
    open var accessibilityActions: [AccessibilityAction] { [] }
    /// The view's relations: those of ``accessibilityLabelledBy``, both ways.
    open var accessibilityRelations: [AccessibilityRelation] { labelRelations }
    /// The superview.
    open var accessibilityParent: (any Accessible)? { superview }
    /// The subviews, back to front.
    open var accessibilityChildren: [any Accessible] { subviews }
    /// The view's frame in window coordinates.
    open var accessibilityFrameInWindow: Rect { frameInWindow }
    /// The view's window.
    open var accessibilityWindow: Window? { window }
    /// The view's text; `nil` by default (text controls answer with themselves).
    open var accessibilityText: (any AccessibleText)? { nil }
    /// Sets the view's value; `false` by default (nothing to set).
    ///
    /// - Parameter value: The new value.
    /// - Returns: Whether the value was set.
    open func setAccessibilityValue(_ value: Double) -> Bool { false }
    /// Makes the view first responder, when it can become one.
    ///
    /// - Returns: Whether the view is first responder afterwards.
    open func accessibilityFocus() -> Bool { canBecomeFirstResponder && becomeFirstResponder() }
}
