extension OnScreenKeyboard {
    /// Draws the keys: caps, labels, the held ones highlighted.
    func drawKeys(in canvas: Canvas, rect: Rect) {
        let palette = self.palette
        canvas.fill(rect, color: palette.background)
        let pressed = Set(heldKeys.values.map(\.key))
        for (index, key) in keys.enumerated() {
            let frame = key.frame.offsetBy(dx: rect.minX, dy: rect.minY)
            let active =
                (key.role == .shift && (isShiftHeld || isShiftLocked)) || (key.role == .altGr && isAltGrHeld)
                || pressed.contains(index)
            if style == .layoutDiagram {
                drawDiagramCap(key, frame: frame, in: canvas, palette: palette, active: active)
                continue
            }
            canvas.fill(frame, color: active ? palette.activeKey : (isCharacterKey(key) ? palette.key : palette.specialKey))
            canvas.stroke(frame, color: palette.border)
            let disabled = key.role == .returnKey && !isReturnKeyEnabled
            canvas.text(key.label, in: frame, color: disabled ? palette.disabledLabel : palette.label, fontSize: 16, alignment: .center)
            if key.role == .shift && isShiftLocked {
                // Locked capitals: a bar under the arrow, as phones draw it.
                let bar = Rect(x: frame.midX - 8, y: frame.maxY - 9, width: 16, height: 2)
                canvas.fill(bar, color: palette.label)
            }
        }
    }

    /// Keys that type characters get the light cap; the others are darker.
    private func isCharacterKey(_ key: Key) -> Bool {
        switch key.role {
        case .keycode(let code): code.evdevName != "KEY_BACKSPACE"
        case .text: true
        default: false
        }
    }
}
