import KeyInputKit

/// Reads the desktop's on-screen keyboard from the window's size: a
/// compositor that makes room for its keyboard (Phosh's phoc for
/// squeekboard, sway for a layer-shell keyboard with an exclusive zone)
/// makes the window shorter, and the strip it lost is where the keyboard is.
///
/// A configure that keeps the width and lowers the height while the text
/// input is enabled, at most ``enableWindow`` seconds after an `enable`,
/// shows a keyboard as tall as the strip. While one shows, every configure
/// of the same width moves it (the height the window had before it, less
/// the new height) or hides it once the window is as tall again. A new
/// width is a real resize (a rotation, the user): the keyboard counts as gone.
///
/// A window whose first configure already leaves the keyboard's strip out
/// (a field focused at launch, the keyboard up before the window maps) has
/// no taller size to compare with: it gets no keyboard frame, and needs none
/// to keep the field in view.
package struct SystemKeyboardResize: Hashable, Sendable {
    /// How long after an `enable` a shorter window still counts as the keyboard
    /// coming, in seconds: later, with the text input enabled all along
    /// (a desktop with a keyboard), it is the user resizing.
    package static let enableWindow = 5.0

    /// The window's height before the keyboard took its strip, while one shows.
    package private(set) var fullHeight: Double?
    /// The keyboard's height now; 0 when none shows.
    package private(set) var keyboardHeight = 0.0
    private var isEnabled = false
    private var lastEnable: Double?

    package init() {}

    /// The text input was enabled (again, too) or disabled at `time`.
    package mutating func textInputEnabled(_ enabled: Bool, at time: Double) {
        isEnabled = enabled
        if enabled { lastEnable = time }
    }

    /// Follows a configure from `old` to `new` at `time`.
    ///
    /// - Returns: The keyboard's new height (0: it went), or `nil` when it did not change.
    package mutating func resized(from old: Size, to new: Size, at time: Double) -> Double? {
        if new.width != old.width {
            guard keyboardHeight > 0 else { return nil }
            fullHeight = nil
            keyboardHeight = 0
            return 0
        }
        if let full = fullHeight {
            let height = max(0, full - new.height)
            guard height != keyboardHeight else { return nil }
            keyboardHeight = height
            if height == 0 { fullHeight = nil }
            return height
        }
        guard new.height < old.height, isEnabled, let lastEnable, time - lastEnable <= Self.enableWindow else {
            return nil
        }
        fullHeight = old.height
        keyboardHeight = old.height - new.height
        return keyboardHeight
    }
}
