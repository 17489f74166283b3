import CGio
import KeyInputGLib
import KeyInputKit

/// IBus's text value on the wire, `(sa{sv}sv)`: ("IBusText", {}, text,
/// ("IBusAttrList", {}, [("IBusAttribute", {}, type, value, start, end)])),
/// with offsets in characters (Unicode scalars).
enum IBusText {
    /// IBus attribute types (`IBusAttrType`).
    static let underline: UInt32 = 1, foreground: UInt32 = 2, background: UInt32 = 3

    /// The text and its attributes, offsets turned into UTF-8 offsets.
    ///
    /// - Parameter value: An `IBusText`, boxed or not.
    /// - Returns: `nil` when the value is not an `IBusText`.
    static func decode(_ value: DBusValue) -> (text: String, segments: [MarkedTextAttributes.Segment])? {
        let fields = value.children
        guard fields.count >= 3, fields[0].string == "IBusText", let text = fields[2].string else { return nil }
        let attributes = fields.count > 3 ? fields[3].children : []
        let list = attributes.count > 2 ? attributes[2].children : []
        var segments: [MarkedTextAttributes.Segment] = []
        for entry in list {
            let attribute = entry.children
            guard attribute.count >= 6, attribute[0].string == "IBusAttribute",
                let type = attribute[2].uint32, let start = attribute[4].uint32, let end = attribute[5].uint32,
                start < end
            else { continue }
            let style: MarkedTextAttributes.Style = type == underline ? .underline : .highlight
            let range = utf8Offset(ofCharacter: Int(start), in: text)..<utf8Offset(ofCharacter: Int(end), in: text)
            guard !segments.contains(where: { $0.range == range && $0.style == style }) else { continue }
            segments.append(.init(range: range, style: style))
        }
        return (text, segments)
    }

    /// An `IBusText` without attributes, as a floating `GVariant` boxed in a `v`.
    static func encode(_ text: String) -> OpaquePointer {
        let emptyProperties = { VariantBuilder.emptyArray(of: "{sv}") }
        let attributeList = VariantBuilder.tuple([
            VariantBuilder.string("IBusAttrList"), emptyProperties(), VariantBuilder.emptyArray(of: "v"),
        ])
        let value = VariantBuilder.tuple([
            VariantBuilder.string("IBusText"), emptyProperties(), VariantBuilder.string(text),
            VariantBuilder.boxed(attributeList),
        ])
        return VariantBuilder.boxed(value)
    }

    /// The UTF-8 offset of the character (Unicode scalar) at `index`, clamped to the text.
    static func utf8Offset(ofCharacter index: Int, in text: String) -> Int {
        var offset = 0
        for (position, scalar) in text.unicodeScalars.enumerated() {
            if position >= index { break }
            offset += String(scalar).utf8.count
        }
        return offset
    }
}
