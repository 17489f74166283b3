extension Window {
    /// Tells the window where the system's on-screen keyboard is now — the
    /// desktop's keyboard, not the window's own ``OnScreenKeyboard`` — or
    /// that it went away; a host calls it.
    ///
    /// The window posts the keyboard frame events it posts for its own
    /// input views, without animation (the desktop already moved things):
    /// `.willShow`/`.didShow` when a keyboard appears, beginning just below
    /// the bottom edge; `.willChangeFrame`/`.didChangeFrame` when it moves;
    /// `.willHide`/`.didHide` when it goes, ending just below the bottom
    /// edge. ``keyboardFrame``, ``keyboardFinalFrame`` and the
    /// ``keyboardLayoutGuide`` follow, so a ``ScrollView`` keeps the first
    /// responder clear of it as it does of the window's own keyboard.
    ///
    /// While the window's own input views show, the frame is kept and no
    /// event is posted: their frame is the keyboard frame then.
    ///
    /// A compositor that makes room for its keyboard by making the window
    /// shorter (Phosh) leaves the keyboard below the window's new bottom
    /// edge: pass `Rect(x: 0, y: frame.height, width: frame.width, height:
    /// lost)` after the resize. A keyboard drawn over the window is a frame
    /// inside it, resting on the bottom edge.
    ///
    /// - Parameter frame: The keyboard's frame in window coordinates, or
    ///   `nil` when it went away. An empty frame counts as `nil`.
    public func systemKeyboardFrameDidChange(_ frame: Rect?) {
        let new = frame.flatMap { $0.height > 0 && $0.width > 0 ? $0 : nil }
        let old = systemKeyboardFrame
        guard new != old else { return }
        systemKeyboardFrame = new
        guard !showsInputViews else { return }
        let kind: KeyboardFrameEvent.Kind
        let begin: Rect
        let end: Rect
        switch (old, new) {
        case (nil, let shown?):
            (kind, begin, end) = (.willShow, frameBelowWindow(height: shown.height), shown)
        case (let shown?, nil):
            (kind, begin, end) = (.willHide, shown, frameBelowWindow(height: shown.height))
        case (let before?, let after?):
            (kind, begin, end) = (.willChangeFrame, before, after)
        case (nil, nil):
            return
        }
        for kind in [kind, kind.completion] {
            postKeyboardFrameEvent(
                KeyboardFrameEvent(
                    kind: kind, beginFrame: begin, endFrame: end, duration: 0, curve: .linear, isLocal: true))
        }
    }
}
