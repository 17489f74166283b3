import Foundation
import XKB

// The date picker's keyboard, pointer, layout and drawing.

extension DatePicker {
    // MARK: Keyboard

    /// Whether keys are for the picker now: not while it slides away after
    /// its responder resigned.
    var isTakingKeys: Bool {
        guard isEnabled else { return false }
        if let window, window.presentedInputView === self, window.firstResponder?.inputView !== self {
            return false
        }
        return true
    }

    func handleKey(_ press: KeyPress) -> Bool {
        guard press.phase == .began, isTakingKeys else { return false }
        if let navigation = InputViewNavigation(press) {
            switch navigation {
            case .previousColumn: selectPreviousField()
            case .nextColumn: selectNextField()
            case .tabForward: return selectNextField()
            case .tabBackward: return selectPreviousField()
            case .up: perform(.step(1))
            case .down: perform(.step(-1))
            case .pageUp: perform(.page(1))
            case .pageDown: perform(.page(-1))
            case .home: perform(.first)
            case .end: perform(.last)
            case .confirm: confirm()
            case .cancel: cancel()
            }
            return true
        }
        if let text = InputViewNavigation.typedText(of: press) { return type(text) }
        return false
    }

    /// Types text into the selected field: digits, or a letter of AM or PM.
    ///
    /// - Returns: Whether any of it was used.
    @discardableResult
    public func type(_ text: String) -> Bool {
        var used = false
        for character in text {
            guard fields.indices.contains(selectedField) else { return used }
            if let digit = character.wholeNumberValue, (0...9).contains(digit), character.isNumber {
                typeDigit(digit)
                used = true
            } else if fields[selectedField] == .dayPeriod, let period = dayPeriod(startingWith: character) {
                pendingDigits = ""
                perform(.set(period))
                selectNextField()
                used = true
            }
        }
        return used
    }

    /// A digit typed into the selected field. The field takes the value at
    /// once when it is valid (a year waits for four digits); when no further
    /// digit could keep it valid, the next field is selected. A digit that
    /// would make the value too large starts the field over.
    private func typeDigit(_ digit: Int) {
        let field = fields[selectedField]
        guard field != .dayPeriod else { return }
        let range = typedRange(of: field)
        let maximumDigits = field == .year ? 4 : String(range.upperBound).count
        var buffer = pendingDigits + String(digit)
        if let value = Int(buffer), value > range.upperBound { buffer = String(digit) }
        let value = Int(buffer) ?? digit
        let complete = buffer.count >= maximumDigits || value * 10 > range.upperBound
        if field != .year || complete, range.contains(value) {
            perform(.set(value))
        }
        if complete {
            pendingDigits = ""
            selectNextField()
        } else {
            pendingDigits = buffer
            setNeedsDisplay()
        }
    }

    /// 0 for AM, 1 for PM, when `character` starts one of them (ignoring case and accents).
    private func dayPeriod(startingWith character: Character) -> Int? {
        let typed = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
        let symbols = [workingCalendar.amSymbol, workingCalendar.pmSymbol].map {
            $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
        }
        return symbols.firstIndex { $0.hasPrefix(typed) && !typed.isEmpty }
    }

    // MARK: Pointer

    /// The frames of the field boxes, in the picker's coordinates, for its current width.
    public var fieldFrames: [Rect] {
        let extra: [Int: Double] = datePickerMode == .dateAndTime ? [dateFieldOrder.count: 16] : [:]
        return ColumnMetrics.boxes(preferredWidths: fields.map(preferredWidth), in: bounds.width, extraGapBefore: extra)
    }

    /// The index of the field whose column holds `point` (in the picker's coordinates), if any.
    public func fieldIndex(at point: Point) -> Int? {
        ColumnMetrics.column(atX: point.x, boxes: fieldFrames)
    }

    func handlePointerDown(at point: Point) {
        guard isEnabled, let index = fieldIndex(at: point) else { return }
        ensureSnapshotForPointer()
        selectedField = index
        switch ColumnMetrics.band(atY: point.y) {
        case -1: perform(.step(1))  // the larger value is drawn above
        case 1: perform(.step(-1))
        default: break
        }
    }

    func handleScroll(dy: Double, at point: Point) {
        guard isEnabled, let index = fieldIndex(at: point) else { return }
        if index != selectedField { selectedField = index }
        let steps = ColumnMetrics.wheelSteps(dy: dy, carry: &scrollCarry)
        if steps != 0 { perform(.step(steps)) }
    }

    private func ensureSnapshotForPointer() {
        if snapshot == nil { beginEditing() }
    }

    private func preferredWidth(_ field: Field) -> Double {
        let characters: Int
        switch field {
        case .month:
            // The longest month name as the field writes it.
            let formatter = formatter(pattern: pattern(of: .month))
            let names = (1...12).compactMap { month in
                workingCalendar.date(from: DateComponents(year: 2001, month: month, day: 1, hour: 12))
                    .map(formatter.string(from:))
            }
            characters = names.map(\.count).max() ?? 3
        case .year: characters = 4
        case .dayPeriod: characters = max(workingCalendar.amSymbol.count, workingCalendar.pmSymbol.count)
        case .countDownHours: characters = 4
        case .countDownMinutes: characters = 6
        case .day, .hour, .minute: characters = 2
        }
        return max(48, Double(characters) * ColumnMetrics.characterWidth + 24)
    }

    // MARK: Drawing

    /// What the box of a field shows: its text, the digits of a year being
    /// typed, or a countdown value with its unit.
    private func boxText(_ index: Int, texts: [String]) -> String {
        let field = fields[index]
        if index == selectedField, field == .year, !pendingDigits.isEmpty { return pendingDigits }
        switch field {
        case .countDownHours: return texts[index] + " h"
        case .countDownMinutes: return texts[index] + " min"
        default: return texts[index]
        }
    }

    /// The text a field would show one step away, or `nil` when the bounds
    /// leave it where it is.
    private func neighbourText(_ index: Int, steps: Int) -> String? {
        let field = fields[index]
        let current = text(of: field, date: self.date, duration: storedDuration)
        let neighbour: String
        if datePickerMode == .countDownTimer {
            let duration = normalizedDuration(changedDuration(storedDuration, field: field, change: .step(steps)))
            neighbour = text(of: field, date: self.date, duration: duration)
        } else {
            let date = clamped(changedDate(self.date, field: field, change: .step(steps)))
            neighbour = text(of: field, date: date, duration: storedDuration)
        }
        return neighbour == current ? nil : neighbour
    }

    /// The key hints drawn at the bottom.
    static let hints = "↑↓ change · ←→ field · ⏎ done · esc cancel"

    func drawPicker(in canvas: Canvas, rect: Rect) {
        ColumnMetrics.drawPanel(in: canvas, rect: rect, title: title ?? formattedValue, hints: Self.hints)
        let texts = fieldTexts
        for (index, box) in fieldFrames.enumerated() {
            let frame = box.offsetBy(dx: rect.minX, dy: rect.minY)
            if let above = neighbourText(index, steps: 1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.above.y, width: frame.width, height: ColumnMetrics.above.height)
                canvas.text(above, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            if let below = neighbourText(index, steps: -1) {
                let row = Rect(x: frame.minX, y: rect.minY + ColumnMetrics.below.y, width: frame.width, height: ColumnMetrics.below.height)
                canvas.text(below, in: row, color: .secondaryText, fontSize: 14, alignment: .center)
            }
            let selected = index == selectedField
            canvas.fill(frame, color: .white)
            canvas.stroke(frame, color: selected ? .accent : .separator, lineWidth: selected ? 2 : 1)
            canvas.text(boxText(index, texts: texts), in: frame, color: isEnabled ? .text : .secondaryText, fontSize: 16, alignment: .center)
        }
    }
}
