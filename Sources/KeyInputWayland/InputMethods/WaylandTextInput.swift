import CWayland
import CWaylandProtocols
import KeyInputKit
import Logging

/// An `InputMethod` over the compositor's text-input protocol
/// (`zwp_text_input_v3`): whatever input method the compositor runs (Fcitx5,
/// IBus, an on-screen keyboard) edits the focused field through it.
///
/// The text input is enabled while the compositor's text-input focus is on
/// the window (`enter`) and a typing responder is focused, and either the
/// seat has a keyboard (``seatHasKeyboard``: input methods such as Fcitx5
/// need the focus however it came) or the user activated the field
/// (``activateOnScreenKeyboard()``: a tap or click on it). So a field focused
/// by the program at launch on a touch-only device does not bring the
/// desktop's on-screen keyboard up; a tap does, and a tap on the focused
/// field sends `enable` again, which shows a keyboard the user hid. It is
/// disabled when the field resigns. While enabled it tells the compositor the text around the
/// caret (at most 4000 bytes of UTF-8, a window around the caret), what kind
/// of text the field takes (`set_content_type`), and where the caret is
/// (surface coordinates, which are window coordinates).
///
/// The compositor routes keys to its input method itself: a key that still
/// arrives as a `wl_keyboard` event was not the input method's, so
/// ``processKey(_:answer:)`` answers "not handled" at once.
///
/// What the input method does arrives in batches applied at `done`, in the
/// protocol's order: the old preedit goes, the text to delete is deleted,
/// the committed text is inserted, then the new preedit is shown. Requests
/// are counted: the text and caret that follow from a `done` whose serial is
/// stale are sent only after a `done` that names the latest commit.
@MainActor
public final class WaylandTextInput: InputMethod {
    nonisolated static let logger = Logger(label: "KeyInputKit.WaylandTextInput")

    /// Receives preedit, commits and deletions; the window sets itself here.
    public weak var delegate: InputMethodDelegate?
    /// Always `true`: the compositor is the daemon, and keys it does not route reach the window as usual.
    public var isAvailable: Bool { true }
    /// Whether the compositor's text-input focus is on the window's surface.
    public private(set) var isEntered = false
    /// Whether the text input is enabled: entered, with a typing responder
    /// focused, and a keyboard on the seat or the user's tap on the field.
    public private(set) var isEnabled = false
    /// How many `commit` requests were sent: the serial a current `done` carries.
    package private(set) var commitCount: UInt32 = 0
    /// The serial of the last `done`, if any came.
    package private(set) var lastDoneSerial: UInt32?
    /// The surrounding text last sent, as sent.
    package private(set) var sentSurroundingText: TextInputSurroundingText?
    /// Called when the compositor's text-input focus enters (`true`) or leaves (`false`) the surface.
    package var onFocusChange: ((Bool) -> Void)?
    /// Whether the seat has a keyboard: the text input is then enabled for
    /// any focused typing responder, however it was focused. The host sets it
    /// from the seat's capabilities.
    package var seatHasKeyboard = false {
        didSet { if seatHasKeyboard != oldValue { synchronize() } }
    }
    /// Whether the user asked for the on-screen keyboard for the focused
    /// responder (``activateOnScreenKeyboard()``), until it loses focus.
    package private(set) var isOnScreenKeyboardRequested = false
    /// How many `enable` requests were sent, again for the same field too.
    package private(set) var enableCount = 0
    /// Called after each `enable` request (`true`) and after the text input is disabled (`false`).
    package var onEnabledChange: ((Bool) -> Void)?

    private let textInput: WaylandProxy
    private let seat: WaylandProxy
    private let surface: OpaquePointer
    private let listener: ListenerStorage<zwp_text_input_v3_listener>
    /// What the focused typing responder takes, while one is focused.
    private var context: InputMethodContext?
    private var surroundingText: TextInputSurroundingText?
    private var caretRect: Rect?
    /// The events since the last `done`, applied together at the next.
    private var pending = TextInputBatch()
    /// Whether a preedit from the input method is shown now.
    private var showsPreedit = false
    /// Set while a `done` is applied: state the field reports back waits until the serial is checked.
    private var isApplying = false
    /// State changed that the compositor was not told yet.
    private var stateIsDirty = false

    /// Creates the seat's text input for `surface`, from the compositor's
    /// `zwp_text_input_manager_v3`.
    ///
    /// - Parameters:
    ///   - manager: The bound `zwp_text_input_manager_v3`.
    ///   - seat: The `wl_seat` whose text input this is.
    ///   - surface: The window's surface: `enter` and `leave` for other surfaces are ignored.
    /// - Throws: ``HostError`` when the compositor does not create the text input.
    package init(manager: WaylandProxy, seat: WaylandProxy, surface: WaylandProxy) throws {
        textInput = try WaylandProxy(
            zwp_text_input_manager_v3_get_text_input(manager.pointer, seat.pointer), "zwp_text_input_v3",
            parent: manager, destroy: zwp_text_input_v3_destroy)
        self.seat = seat
        self.surface = surface.pointer
        listener = ListenerStorage(
            zwp_text_input_v3_listener(
                enter: { data, _, surface in WaylandTextInput.with(data) { $0.entered(surface, true) } },
                leave: { data, _, surface in WaylandTextInput.with(data) { $0.entered(surface, false) } },
                preedit_string: { data, _, text, begin, end in
                    let text = text.map { String(cString: $0) } ?? ""
                    WaylandTextInput.with(data) {
                        $0.pending.preedit = text
                        $0.pending.preeditCursor = (begin, end)
                    }
                },
                commit_string: { data, _, text in
                    let text = text.map { String(cString: $0) } ?? ""
                    WaylandTextInput.with(data) { $0.pending.commit = text }
                },
                delete_surrounding_text: { data, _, before, after in
                    WaylandTextInput.with(data) { $0.pending.delete = (before, after) }
                },
                done: { data, _, serial in WaylandTextInput.with(data) { $0.done(serial: serial) } }))
        zwp_text_input_v3_add_listener(textInput.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: InputMethod

    public func processKey(_ key: InputMethodKey, answer: @escaping @MainActor (Bool) -> Void) {
        answer(false)
    }

    public func focusIn(_ context: InputMethodContext) {
        self.context = context
        surroundingText = nil
        caretRect = nil
        let wasEnabled = isEnabled
        // The compositor's input method may read the text around the caret at any time.
        delegate?.inputMethod(self, send: .surroundingTextRequested)
        synchronize()
        // Already enabled (focus moved without a focus-out): the new field's kind still has to be told.
        if wasEnabled { stateChanged() }
    }

    public func focusOut() {
        context = nil
        isOnScreenKeyboardRequested = false
        surroundingText = nil
        caretRect = nil
        showsPreedit = false
        synchronize()
    }

    /// Tells the input method the text changed by other means (a click
    /// moved the caret): text-input-v3 has no reset, so the state is sent
    /// again with the change cause `other`.
    public func reset() {
        showsPreedit = false
        stateIsDirty = true
        sendState(cause: ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER)
    }

    /// The user tapped or clicked the focused field: enables the text input
    /// when the seat has no keyboard, or sends `enable` again when it is
    /// enabled already, so that the compositor shows its on-screen keyboard
    /// (again, if the user hid it).
    public func activateOnScreenKeyboard() {
        guard context != nil else { return }
        isOnScreenKeyboardRequested = true
        if isEnabled, isEntered {
            enable()
        } else {
            synchronize()
        }
    }

    public func setCaretRect(_ rect: Rect) {
        guard rect != caretRect else { return }
        caretRect = rect
        stateChanged()
    }

    public func setSurroundingText(_ surroundingText: SurroundingText) {
        let window = TextInputSurroundingText(surroundingText)
        guard window != self.surroundingText else { return }
        self.surroundingText = window
        stateChanged()
    }

    // MARK: Requests

    /// Enables or disables the text input to match the focus, sending the whole state on enabling.
    private func synchronize() {
        let wanted = isEntered && context != nil && (seatHasKeyboard || isOnScreenKeyboardRequested)
        guard wanted != isEnabled else { return }
        isEnabled = wanted
        // After `leave` the compositor ignores requests until the next `enter`.
        guard isEntered else { return }
        if wanted {
            enable()
        } else {
            sentSurroundingText = nil
            zwp_text_input_v3_disable(textInput.pointer)
            commit()
            onEnabledChange?(false)
        }
    }

    /// Sends `enable` and the whole state: the compositor activates its
    /// input method (an `enable` while enabled resets the state, and shows
    /// the compositor's on-screen keyboard again).
    private func enable() {
        zwp_text_input_v3_enable(textInput.pointer)
        enableCount += 1
        stateIsDirty = true
        sendState(cause: ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER)
        onEnabledChange?(true)
    }

    private func stateChanged() {
        stateIsDirty = true
        // What the field reports while a `done` is applied waits for its serial to be checked.
        guard !isApplying else { return }
        sendState(cause: ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_OTHER)
    }

    /// Sends the surrounding text, content type and caret, and commits them.
    private func sendState(cause: zwp_text_input_v3_change_cause) {
        guard isEnabled, stateIsDirty, let context else { return }
        stateIsDirty = false
        let pointer = textInput.pointer
        if let surroundingText {
            zwp_text_input_v3_set_surrounding_text(
                pointer, surroundingText.text, Int32(surroundingText.cursor), Int32(surroundingText.anchor))
            sentSurroundingText = surroundingText
        }
        zwp_text_input_v3_set_text_change_cause(pointer, cause.rawValue)
        let contentType = TextInputContentType(context)
        zwp_text_input_v3_set_content_type(pointer, contentType.hint, contentType.purpose)
        if let caretRect {
            zwp_text_input_v3_set_cursor_rectangle(
                pointer, Self.coordinate(caretRect.origin.x), Self.coordinate(caretRect.origin.y),
                Self.coordinate(caretRect.size.width), Self.coordinate(caretRect.size.height))
        }
        commit()
    }

    private func commit() {
        zwp_text_input_v3_commit(textInput.pointer)
        commitCount &+= 1
    }

    /// A length in surface coordinates as the protocol's whole number, clamped to its range.
    private static func coordinate(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), value.rounded())))
    }

    // MARK: Events

    private func entered(_ surface: OpaquePointer?, _ isEntered: Bool) {
        guard surface == self.surface, isEntered != self.isEntered else { return }
        self.isEntered = isEntered
        if !isEntered, isEnabled {
            // The protocol has the compositor ignore this, but wlroots 0.15 keeps a text input enabled across
            // `leave`, and would take the `enable` after the next `enter` for no change and not activate the
            // input method again.
            zwp_text_input_v3_disable(textInput.pointer)
            commit()
        }
        // Either way the text input starts disabled: `enter` needs a new `enable`.
        if isEnabled { onEnabledChange?(false) }
        isEnabled = false
        pending = TextInputBatch()
        onFocusChange?(isEntered)
        if !isEntered, showsPreedit {
            // The protocol says the client drops the preedit on `leave`; the window has committed it if it was told.
            showsPreedit = false
            delegate?.inputMethod(self, send: .preedit("", MarkedTextAttributes()))
        }
        synchronize()
    }

    /// Applies the batch in the protocol's order, then sends the state that
    /// follows from it when `serial` names the latest commit.
    private func done(serial: UInt32) {
        let batch = pending
        pending = TextInputBatch()
        lastDoneSerial = serial
        guard isEnabled else { return }
        isApplying = true
        for event in batch.events(showsPreedit: showsPreedit, surroundingText: sentSurroundingText) {
            if case .preedit(let text, _) = event { showsPreedit = !text.isEmpty }
            if case .commit = event { showsPreedit = false }
            delegate?.inputMethod(self, send: event)
        }
        isApplying = false
        if serial == commitCount { sendState(cause: ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD) }
    }

    /// Runs `body` with the text input a listener's user data points to, on
    /// the main actor (listeners run inside a dispatch on it).
    private nonisolated static func with(
        _ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandTextInput) -> Void
    ) {
        guard let data else { return }
        let textInput = Unmanaged<WaylandTextInput>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(textInput) }
    }
}
