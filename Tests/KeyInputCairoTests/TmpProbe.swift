import Foundation
import KeyInputCairo
import KeyInputKit
import Testing

@Suite @MainActor struct TmpProbe {
    @Test func textViewPaste() throws {
        guard let mb = ProcessInfo.processInfo.environment["PROBE_MB"].flatMap(Int.init) else { return }
        let lineBreaks = ProcessInfo.processInfo.environment["PROBE_LINES"] == "1"
        let window = Window(size: Size(width: 480, height: 640))
        let engine = try PangoTextLayoutEngine()
        window.textLayoutEngine = engine
        window.caretBlinks = false
        let view = TextView(frame: Rect(x: 0, y: 0, width: 480, height: 600))
        window.addSubview(view)
        view.becomeFirstResponder()
        window.advanceTime(to: 5)
        let screen = try CairoCanvas(size: window.frame.size)
        window.render(to: screen)
        let words = ["Grüße,", "мир", "日本語の文", "🙂", "a", "typewriter", "WWW", "iii", "keyboard", "of"]
        var pasted = "", state: UInt32 = 7, n = 0
        while pasted.utf8.count < mb << 20 {
            state = state &* 1_103_515_245 &+ 12_345
            pasted += words[Int(state >> 16) % words.count] + ((lineBreaks && n % 12 == 11) ? "\n" : " ")
            n += 1
        }
        var t = Date()
        view.insertText(pasted)
        window.renderDamage(to: screen)
        print("PROBE first frame", Date().timeIntervalSince(t), "bytes laid out", engine.bytesLaidOut)
        t = Date()
        view.insertText("x")
        window.renderDamage(to: screen)
        print("PROBE key", Date().timeIntervalSince(t))
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        print("PROBE", status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") })
    }
}
