import KeyInputKit
import XKB

extension X11Host {
    /// Connects to an X server and opens a window for `window`, with this
    /// compose table or none.
    ///
    /// The spelling from before `HardwareKeyboard.Compose`; new code passes
    /// `compose:` to ``init(window:title:display:keymapOverride:compose:minimumSize:inputMethodChoice:)``.
    ///
    /// - Parameters:
    ///   - window: What to show; the X window takes its size.
    ///   - title: The window title.
    ///   - display: A display name such as `":0"`, or `nil` for `DISPLAY`.
    ///   - keymapOverride: A keymap to decode keys with instead of the server's.
    ///   - composeTable: The compose table, or `nil` for no compose (as `.none`).
    ///   - minimumSize: The smallest size to resize the window to.
    /// - Throws: ``HostError``, as ``init(window:title:display:keymapOverride:compose:minimumSize:inputMethodChoice:)`` does.
    public convenience init(
        window: Window, title: String = "KeyInputKit", display: String? = nil, keymapOverride: Keymap? = nil,
        composeTable: ComposeTable?, minimumSize: Size = X11Host.defaultMinimumSize
    ) throws {
        try self.init(
            window: window, title: title, display: display, keymapOverride: keymapOverride,
            compose: composeTable.map(HardwareKeyboard.Compose.table) ?? .none, minimumSize: minimumSize)
    }
}
