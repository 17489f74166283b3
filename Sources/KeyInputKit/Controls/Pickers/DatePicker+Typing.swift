import Foundation

extension DatePicker {
    /// Types text into the selected field: digits, or a letter of AM or PM.
    ///
    /// Digits may be ASCII or the locale's own (Persian ۱۴۰۵, Arabic-Indic
    /// ٢٠٢٦, Thai ๒๕๖๙, Devanagari २०२६); a year is a year of the picker's
    /// ``calendar`` (2569 in the Buddhist calendar is 2569 BE, 2026 CE).
    ///
    /// - Parameter text: What was typed.
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
    /// once when it is valid (a year waits for four digits, except a year of
    /// an era); when no further digit could keep it valid, the next field is
    /// selected. A digit that would make the value too large starts the field over.
    private func typeDigit(_ digit: Int) {
        let field = fields[selectedField]
        guard field != .dayPeriod, field != .era else { return }
        let range = typedRange(of: field)
        let waitsForAllDigits = field == .year && !showsEra
        let maximumDigits = waitsForAllDigits ? 4 : String(range.upperBound).count
        var buffer = pendingDigits + String(digit)
        if let value = Int(buffer), value > range.upperBound { buffer = String(digit) }
        let value = Int(buffer) ?? digit
        let complete = buffer.count >= maximumDigits || value * 10 > range.upperBound
        if !waitsForAllDigits || complete, range.contains(value) {
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
}
