import Foundation

extension Picker {
    /// Types text for type-ahead into the selected component, as keys do.
    ///
    /// - Parameter text: What was typed.
    /// - Returns: Whether the text was used (it is not at the start of a
    ///   prefix when it is only spaces, nor when the component has no rows).
    @discardableResult
    public func typeAhead(_ text: String) -> Bool {
        let component = selectedComponent
        let count = numberOfRows(inComponent: component)
        guard count > 0 else { return false }
        let now = clock?() ?? window?.currentTime ?? 0
        if let last = lastTypeAheadTime, now - last > typeAheadTimeout || now < last {
            typeAheadPrefix = ""
        }
        if typeAheadPrefix.isEmpty, text.allSatisfy(\.isWhitespace) { return false }
        typeAheadPrefix += text
        lastTypeAheadTime = now
        let wanted = Self.fold(typeAheadPrefix)
        for row in 0..<count {
            guard let title = title(forRow: row, inComponent: component) else { continue }
            if Self.fold(title).hasPrefix(wanted) {
                userSelectRow(row, inComponent: component)
                break
            }
        }
        return true
    }

    /// Forgets the type-ahead prefix: the next character starts a new one.
    public func resetTypeAhead() {
        typeAheadPrefix = ""
        lastTypeAheadTime = nil
    }

    /// Text for matching: without case or accents.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
