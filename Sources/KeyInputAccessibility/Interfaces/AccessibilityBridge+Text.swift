import KeyInputGLib
import KeyInputKit

/// `org.a11y.atspi.Text` and `EditableText`: contents, caret, selection and
/// character positions, in Unicode scalar offsets.
extension AccessibilityBridge {
    func textCall(_ method: String, _ node: any Accessible, _ text: any AccessibleText, _ arguments: DBusValue)
        -> [OpaquePointer]?
    {
        let content = text.accessibilityTextContent
        let offset = Int(arguments[0]?.int32 ?? 0)
        func segmentReply(shift: Int, granularity: Bool) -> [OpaquePointer] {
            let unit = TextSegments.unit(arguments[1]?.uint32 ?? 0, granularity: granularity)
            let found = TextSegments(content, by: unit).segment(at: offset, shift: shift)
            return [
                VariantBuilder.string(found.text), VariantBuilder.int32(Int32(found.range.lowerBound)),
                VariantBuilder.int32(Int32(found.range.upperBound)),
            ]
        }
        switch method {
        case "GetText":
            let segments = TextSegments(content, by: .character)
            return [VariantBuilder.string(segments.text(offset, Int(arguments[1]?.int32 ?? -1)))]
        case "GetCharacterAtOffset":
            let scalars = Array(content.unicodeScalars)
            return [VariantBuilder.int32(scalars.indices.contains(offset) ? Int32(scalars[offset].value) : 0)]
        case "GetStringAtOffset": return segmentReply(shift: 0, granularity: true)
        case "GetTextAtOffset": return segmentReply(shift: 0, granularity: false)
        case "GetTextBeforeOffset": return segmentReply(shift: -1, granularity: false)
        case "GetTextAfterOffset": return segmentReply(shift: 1, granularity: false)
        case "SetCaretOffset": return [VariantBuilder.bool(text.accessibilitySetCaret(offset))]
        case "GetAttributeValue": return [VariantBuilder.string("")]
        case "GetAttributes", "GetAttributeRun":
            let count = Int32(content.unicodeScalars.count)
            return [VariantBuilder.stringDictionary([]), VariantBuilder.int32(0), VariantBuilder.int32(count)]
        case "GetDefaultAttributes", "GetDefaultAttributeSet": return [VariantBuilder.stringDictionary([])]
        case "GetCharacterExtents":
            let frame = text.accessibilityCharacterFrame(at: offset) ?? .zero
            return extents(convert(frame, of: node, to: arguments[1]?.uint32 ?? 0))
        case "GetRangeExtents":
            let end = Int(arguments[1]?.int32 ?? 0)
            let frames = (offset..<max(offset, end)).compactMap { text.accessibilityCharacterFrame(at: $0) }
            let union = frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
            return extents(convert(union, of: node, to: arguments[2]?.uint32 ?? 0))
        case "GetOffsetAtPoint":
            let x = Double(arguments[0]?.int32 ?? 0), y = Double(arguments[1]?.int32 ?? 0)
            let count = content.unicodeScalars.count
            let hit = (0..<count).first { index in
                text.accessibilityCharacterFrame(at: index).map {
                    convert($0, of: node, to: arguments[2]?.uint32 ?? 0).contains(Point(x: x, y: y))
                } ?? false
            }
            return [VariantBuilder.int32(Int32(hit ?? -1))]
        case "GetNSelections":
            let selected = text.accessibilitySelection.map { !$0.isEmpty } ?? false
            return [VariantBuilder.int32(selected ? 1 : 0)]
        case "GetSelection":
            let range = text.accessibilitySelection ?? text.accessibilityCaretOffset..<text.accessibilityCaretOffset
            return [VariantBuilder.int32(Int32(range.lowerBound)), VariantBuilder.int32(Int32(range.upperBound))]
        case "AddSelection", "SetSelection":
            let first = method == "SetSelection" ? 1 : 0
            let start = Int(arguments[first]?.int32 ?? 0), end = Int(arguments[first + 1]?.int32 ?? 0)
            return [VariantBuilder.bool(text.accessibilitySetSelection(min(start, end)..<max(start, end)))]
        case "RemoveSelection":
            return [VariantBuilder.bool(text.accessibilitySetCaret(text.accessibilityCaretOffset))]
        default: return nil
        }
    }

    func editableTextCall(_ method: String, _ text: any AccessibleText, _ arguments: DBusValue) -> [OpaquePointer]? {
        switch method {
        case "SetTextContents":
            return [VariantBuilder.bool(text.accessibilitySetText(arguments[0]?.string ?? ""))]
        case "InsertText":
            let offset = Int(arguments[0]?.int32 ?? 0)
            return [VariantBuilder.bool(text.accessibilityInsert(arguments[1]?.string ?? "", at: offset))]
        case "DeleteText":
            let start = Int(arguments[0]?.int32 ?? 0), end = Int(arguments[1]?.int32 ?? 0)
            return [VariantBuilder.bool(text.accessibilityDelete(min(start, end)..<max(start, end)))]
        default: return nil
        }
    }
}
