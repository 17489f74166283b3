/// What an on-screen keyboard shows above a held key: a preview of its
/// character, or the row of its alternates with the one under the finger
/// highlighted. It takes no touches: they stay with the keyboard.
@MainActor
final class KeyPopupView: View {
    enum Content: Equatable {
        /// The held key's character, enlarged.
        case preview(String)
        /// The key's alternates; `chosen` is under the finger, `nil` when it slid away.
        case alternates([String], chosen: Int?)
    }

    var content: Content = .preview("") {
        didSet { if content != oldValue { setNeedsDisplay() } }
    }
    var palette = OnScreenKeyboard.Palette.light

    init() {
        super.init(frame: .zero)
        identifier = "key-popup"
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// The width of one alternate's cell.
    var cellWidth: Double {
        guard case .alternates(let texts, _) = content, !texts.isEmpty else { return frame.width }
        return frame.width / Double(texts.count)
    }

    override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: palette.key)
        canvas.stroke(rect, color: palette.border, lineWidth: 1)
        switch content {
        case .preview(let text):
            canvas.text(text, in: rect, color: palette.label, fontSize: 28, alignment: .center)
        case .alternates(let texts, let chosen):
            let width = cellWidth
            for (index, text) in texts.enumerated() {
                let cell = Rect(x: rect.minX + Double(index) * width, y: rect.minY, width: width, height: rect.height)
                if index == chosen {
                    canvas.fill(Rect(x: cell.minX + 2, y: cell.minY + 2, width: cell.width - 4, height: cell.height - 4), color: palette.activeKey)
                }
                canvas.text(text, in: cell, color: palette.label, fontSize: 22, alignment: .center)
            }
        }
    }

    /// Nothing for assistive technology: the key under the finger is announced, not its bubble.
    override var accessibilityChildren: [any Accessible] { [] }
}
