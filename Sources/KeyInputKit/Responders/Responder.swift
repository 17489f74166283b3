/// An object that can receive key presses and become first responder —
/// the base of every view, window and control.
///
/// The rules follow UIKit's `UIResponder`:
/// - ``canBecomeFirstResponder`` is `false` unless a subclass says otherwise.
/// - ``becomeFirstResponder()`` fails when the responder is not in a window,
///   cannot become first responder, or the current first responder refuses
///   to resign; it succeeds at once when the responder already is first.
/// - ``next`` runs view → superview → … → window → host → `nil`.
/// - Presses a responder does not handle go on to ``next``.
///
/// Subclasses override the `open` members; call `super` when overriding
/// ``becomeFirstResponder()``, ``resignFirstResponder()`` and the press methods
/// unless you mean to stop them.
@MainActor
open class Responder {
    /// Creates a responder.
    public init() {}

    /// The next responder in the chain, or `nil` at its end.
    open var next: Responder? { nil }

    /// The window the responder is in, if any.
    open var window: Window? { nil }

    // MARK: First responder

    /// Whether the responder can become first responder. `false` by default.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder lets go of first-responder status when asked.
    /// `true` by default; a field holding invalid input may say `false`.
    open var canResignFirstResponder: Bool { true }

    /// Whether the responder is its window's first responder.
    public var isFirstResponder: Bool { window?.firstResponder === self }

    /// Asks to become its window's first responder.
    ///
    /// - Returns: `true` when the responder is first responder afterwards.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window else { return false }
        if isFirstResponder { return true }
        guard canBecomeFirstResponder else { return false }
        return window.transferFirstResponder(to: self, force: false)
    }

    /// Gives up first-responder status.
    ///
    /// - Returns: `false` when ``canResignFirstResponder`` refused; `true`
    ///   otherwise, including when the responder was not first responder.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window, isFirstResponder else { return true }
        guard canResignFirstResponder else { return false }
        return window.transferFirstResponder(to: nil, force: false)
    }

    /// Called after the responder became first responder. Override to start
    /// a caret or highlight; calls that change focus from here are safe.
    open func didBecomeFirstResponder() {}

    /// Called after the responder stopped being first responder.
    open func didResignFirstResponder() {}

    // MARK: Input views

    /// The view shown instead of the on-screen keyboard while this responder
    /// is first responder — a date picker, a picker, a custom keyboard.
    ///
    /// Settable, unlike UIKit's: assign it and call ``reloadInputViews()``.
    open var inputView: View?

    /// A view shown above the input view, such as a Previous/Next/Done bar.
    open var inputAccessoryView: View?

    /// Asks the window to show this responder's current input views again,
    /// after ``inputView`` or ``inputAccessoryView`` changed.
    open func reloadInputViews() {
        guard isFirstResponder else { return }
        window?.updatePresentedInputViews()
    }

    /// Tells the window that this responder's text or state changed, so
    /// that what it shows for the responder follows: the on-screen
    /// keyboard's Return key (greyed while there is no text, with
    /// ``TextInputTraits/enablesReturnKeyAutomatically``) and the accessory
    /// bar's Previous, Next and title.
    ///
    /// A ``KeyInput`` control calls it after each edit; it does nothing
    /// unless the responder is first responder.
    public func inputStateDidChange() {
        if let window { inputStateDidChange(in: window) }
    }

    /// ``inputStateDidChange()`` for a responder in `window`, which the caller has at hand.
    func inputStateDidChange(in window: Window) {
        guard window.firstResponder === self else { return }
        window.firstResponderInputStateDidChange()
    }

    // MARK: Keys

    /// Key commands this responder offers (shortcuts such as Ctrl+S). The
    /// window looks for a match from the first responder up the chain before
    /// any other handling.
    open var keyCommands: [KeyCommand] { [] }

    /// The index of the key commands last read, rebuilt when their keys or modifiers change.
    // `@exclusivity(unchecked)`: read on every key press (main actor only).
    @exclusivity(unchecked) private var keyCommandIndex: KeyCommandIndex?
    /// The key of the first command last read without an index: seen again, the commands are indexed.
    @exclusivity(unchecked) private var unindexedFirstKey: AnyObject?

    /// The first of this responder's ``keyCommands`` that `press` matches.
    ///
    /// Commands that come back the same from press to press (stored, not made anew on each
    /// read) are looked up through their index; commands made anew each time are matched
    /// in turn, as building an index for one press would cost more than it saves.
    func keyCommand(matching press: KeyPress) -> KeyCommand? {
        // No closures here: on the main actor each would check its executor (~220 instructions).
        let commands = keyCommands
        if commands.isEmpty { return nil }
        let found: Int?
        if let index = keyCommandIndex, index.indexes(commands) {
            found = index.firstMatch(for: press, in: commands)
        } else if let firstKey = KeyCommandIndex.firstKey(of: commands), firstKey !== unindexedFirstKey {
            keyCommandIndex = nil
            unindexedFirstKey = firstKey
            found = KeyCommandIndex.firstMatch(for: press, matchingInTurn: commands)
        } else {
            let index = KeyCommandIndex(commands)
            keyCommandIndex = index
            unindexedFirstKey = nil
            found = index.firstMatch(for: press, in: commands)
        }
        guard let found else { return nil }
        return commands[found]
    }

    /// A key went down. The default passes it to ``Responder/next``.
    open func pressesBegan(_ press: KeyPress) {
        passOn(to: \.next) { $0.pressesBegan(press) }
    }

    /// A key went up. The default passes it to ``next``.
    open func pressesEnded(_ press: KeyPress) {
        passOn(to: \.next) { $0.pressesEnded(press) }
    }

    /// A press ended without a release, for example because focus moved.
    /// The default passes it to ``next``.
    open func pressesCancelled(_ press: KeyPress) {
        passOn(to: \.next) { $0.pressesCancelled(press) }
    }

    // MARK: Edit menu

    /// The edit menu to show for this responder, given the items the
    /// responders before it in the chain suggest — UIKit's
    /// `editMenu(for:suggestedActions:)`.
    ///
    /// The window asks the responder the menu is for (the view right-clicked
    /// or long-pressed, or the first responder for the Menu key and
    /// Shift+F10); the default passes the suggestions on to ``next``, and the
    /// end of the chain makes a menu of them (`nil`, no menu, when there are
    /// none). A text control suggests Cut, Copy, Paste, Delete, Select All,
    /// Undo and Redo. Override to add, remove or replace items, calling
    /// `super` to keep what the rest of the chain does:
    ///
    /// ```swift
    /// override func editMenu(for request: EditMenuRequest, suggestedActions: [MenuElement]) -> Menu? {
    ///     let share = MenuAction(title: "Share") { _ in print("share") }
    ///     return super.editMenu(for: request, suggestedActions: suggestedActions + [share])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: Where the menu opens and what opened it.
    ///   - suggestedActions: The items suggested so far.
    /// - Returns: The menu to show, or `nil` for none.
    open func editMenu(for request: EditMenuRequest, suggestedActions: [MenuElement]) -> Menu? {
        if let next { return next.editMenu(for: request, suggestedActions: suggestedActions) }
        return suggestedActions.isEmpty ? nil : Menu(children: suggestedActions)
    }

    // MARK: Passing events on

    /// The responder a ``passOn(to:_:)`` loop is handing an event to now, by
    /// identity only: the loop holds it strongly until it restores the old value.
    private static var receiving: ObjectIdentifier?
    /// Set when that responder's default implementation asked for the event
    /// to go on. Saved and restored with ``receiving``, so a loop run from
    /// inside a responder's method leaves the outer loop's state as it was.
    private static var receiverAsksToPassOn = false

    /// Passes an event on along a chain (``next``, or a view's superview)
    /// in a loop, not one call inside the other, so a chain 10,000 long
    /// needs no more stack than a short one.
    ///
    /// Called by a default implementation while a loop is handing this
    /// responder the event, it asks that loop to go on once the method
    /// returns. Called any other way, it runs the loop itself.
    ///
    /// - Parameters:
    ///   - successor: The next in the chain; callers pass a key path such as `\.next`.
    ///   - deliver: Hands the event to one responder.
    final func passOn<R: Responder>(to successor: (R) -> R?, _ deliver: (R) -> Void) {
        if Responder.receiving == ObjectIdentifier(self) {
            Responder.receiverAsksToPassOn = true
            return
        }
        guard let start = self as? R else { return }
        let outer = (Responder.receiving, Responder.receiverAsksToPassOn)
        defer { (Responder.receiving, Responder.receiverAsksToPassOn) = outer }
        var current = successor(start)
        while let responder = current {
            Responder.receiving = ObjectIdentifier(responder)
            Responder.receiverAsksToPassOn = false
            deliver(responder)
            current = Responder.receiverAsksToPassOn ? successor(responder) : nil
        }
    }
}
