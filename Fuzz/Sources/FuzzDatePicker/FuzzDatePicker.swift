import Foundation
import FuzzSupport
import KeyInputKit
import XKB

/// A US keyboard, compiled once.
@MainActor private let keymap: Keymap = {
    do {
        return try Keymap(context: Context(options: .noEnvironmentNames), names: RuleNames(layout: "us"))
    } catch {
        fatalError("cannot compile the fuzzing keymap: \(error)")
    }
}()

/// A control that shows the date picker instead of a keyboard.
@MainActor private final class DateField: Control {
    override var canBecomeFirstResponder: Bool { true }
}

/// The keys a person presses in a date picker: digits, arrows, Tab, pages,
/// Home/End, Return, Escape, the letters of AM/PM, Shift.
private let keys: [UInt32] = [
    2, 3, 4, 5, 6, 7, 8, 9, 10, 11,  // KEY_1 … KEY_0
    105, 106, 103, 108,  // left, right, up, down
    15, 104, 109, 102, 107,  // tab, page up, page down, home, end
    28, 1, 30, 25, 50, 42,  // return, escape, a, p, m, left shift
    57, 14, 111,  // space, backspace, delete
]

/// The date picker's typed input: a configuration (mode, locale, minute
/// interval, limits, starting date) from the first bytes, then key presses
/// through a hardware keyboard, typed text and pointer presses. After each
/// step the date stays within the limits and a count-down within its range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDatePicker(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    MainActor.assumeIsolated {
        let application = Application()
        let window = Window(size: Size(width: 400, height: 600))
        window.inputViewAnimation = InputViewAnimation(duration: 0, curve: .linear)
        application.addWindow(window)
        let keyboard = HardwareKeyboard(keymap: keymap)
        application.attach(keyboard)

        let start = Date(timeIntervalSince1970: Double(Int16(bitPattern: input.uint16())) * 86_400 * 7)
        let picker = DatePicker(
            mode: input.choose([.time, .date, .dateAndTime, .countDownTimer]), date: start)
        picker.locale = Locale(identifier: input.choose(["en_US", "de_DE", "ja_JP", "ar_EG", "fr_FR", "en_GB", "ko_KR"]))
        picker.timeZone = TimeZone(identifier: input.choose(["UTC", "Europe/Berlin", "America/New_York", "Asia/Kathmandu"]))!
        picker.minuteInterval = Int(input.byte()) % 64
        let limits = input.byte()
        if limits & 1 != 0 { picker.minimumDate = start.addingTimeInterval(-Double(input.uint16()) * 3_600) }
        if limits & 2 != 0 { picker.maximumDate = start.addingTimeInterval(Double(input.uint16()) * 3_600) }
        if limits & 4 != 0 { picker.countDownDuration = Double(input.uint16()) * 7 }

        let field = DateField(frame: Rect(x: 10, y: 10, width: 200, height: 40))
        field.inputView = picker
        window.addSubview(field)
        field.becomeFirstResponder()

        var time = 0.0
        var held: Set<UInt32> = []
        while !input.isAtEnd {
            let operation = input.byte()
            switch operation % 8 {
            case 0, 1, 2, 3:  // a key down or up
                let code = keys[Int(input.byte()) % keys.count]
                let down = !held.contains(code)
                if down { held.insert(code) } else { held.remove(code) }
                keyboard.handleKey(Keycode(evdev: code), direction: down ? .down : .up, at: time)
            case 4:  // typed text
                picker.type(input.text(count: Int(input.byte() % 8)))
            case 5:  // a press somewhere in the window
                let point = Point(x: Double(input.byte()) * 1.6, y: Double(input.byte()) * 2.4)
                window.sendPointerEvent(PointerEvent(.down, at: point))
                window.sendPointerEvent(PointerEvent(.up, at: point))
            case 6:  // the wheel
                let point = Point(x: Double(input.byte()) * 1.6, y: 400 + Double(input.byte()) * 0.8)
                window.sendPointerEvent(PointerEvent(.scroll(dx: 0, dy: Double(Int8(bitPattern: input.byte()))), at: point))
            default:  // time passes; focus comes back
                time += Double(input.byte()) / 50
                keyboard.advance(to: time)
                window.advanceTime(to: time)
                if window.firstResponder == nil { field.becomeFirstResponder() }
            }
            check(picker)
        }
        picker.removeFromSuperview()
        field.removeFromSuperview()
        invariant(window.firstResponder == nil, "a removed field is still first responder")
    }
    return 0
}

@MainActor private func check(_ picker: DatePicker) {
    let date = picker.date
    if let minimum = picker.minimumDate, let maximum = picker.maximumDate, minimum <= maximum {
        invariant(date >= minimum && date <= maximum, "\(date) outside \(minimum)…\(maximum)")
    } else if let minimum = picker.minimumDate, picker.maximumDate == nil {
        invariant(date >= minimum, "\(date) before \(minimum)")
    } else if let maximum = picker.maximumDate, picker.minimumDate == nil {
        invariant(date <= maximum, "\(date) after \(maximum)")
    }
    let duration = picker.countDownDuration
    invariant(duration >= 0 && duration <= DatePicker.maximumCountDownDuration, "count-down \(duration)")
    invariant(picker.fields.isEmpty || picker.fields.indices.contains(picker.selectedField), "selected field out of range")
}
