import KeyInputKit

/// Surrounding text as text-input-v3 carries it: UTF-8 of at most
/// ``byteLimit`` bytes, a window around the caret, with the caret and the
/// selection's other end as byte offsets.
package struct TextInputSurroundingText: Hashable, Sendable {
    /// The protocol's limit on the text a client sends, in bytes.
    package static let byteLimit = 4000

    /// The text sent; a NUL, which would end the C string early, is sent as a space (one byte too).
    package let text: String
    /// The caret, in bytes from the start of ``text``.
    package let cursor: Int
    /// The selection's other end, in bytes from the start of ``text``.
    package let anchor: Int
    /// The window's scalars, and where the caret is among them.
    private let scalars: [Unicode.Scalar]
    private let cursorIndex: Int

    /// Cuts the window out of `surrounding`: up to half the limit before
    /// the caret, as much as fits after it, and what the text after leaves
    /// unused before it again. Scalars are never split; a selection end
    /// outside the window is moved to its edge.
    ///
    /// - Parameters:
    ///   - surrounding: The responder's text around the caret, in Unicode scalars.
    ///   - byteLimit: The most bytes to keep.
    package init(_ surrounding: SurroundingText, byteLimit: Int = TextInputSurroundingText.byteLimit) {
        let all = surrounding.text.unicodeScalars.map { $0.value == 0 ? " " : $0 }
        let caret = min(max(surrounding.cursor, 0), all.count)
        var start = caret
        var end = caret
        var used = 0
        func fits(_ scalar: Unicode.Scalar, within limit: Int) -> Bool {
            guard used + UTF8.width(scalar) <= limit else { return false }
            used += UTF8.width(scalar)
            return true
        }
        while start > 0, fits(all[start - 1], within: byteLimit / 2) { start -= 1 }
        while end < all.count, fits(all[end], within: byteLimit) { end += 1 }
        while start > 0, fits(all[start - 1], within: byteLimit) { start -= 1 }

        let kept = Array(all[start..<end])
        var view = String.UnicodeScalarView()
        view.append(contentsOf: kept)
        let byteOffset = { (index: Int) in kept[..<index].reduce(0) { $0 + UTF8.width($1) } }
        text = String(view)
        scalars = kept
        cursorIndex = caret - start
        cursor = byteOffset(caret - start)
        anchor = byteOffset(min(max(surrounding.anchor, start), end) - start)
    }

    /// How many whole scalars `before` bytes before the caret and `after`
    /// bytes after it cover: a count ending inside a scalar leaves that
    /// scalar, and counts reaching past the window stop at its edges.
    ///
    /// - Parameters:
    ///   - before: Bytes before the caret, as `delete_surrounding_text` gives them.
    ///   - after: Bytes after the caret.
    /// - Returns: The scalars before and after the caret.
    package func scalars(before: Int, after: Int) -> (before: Int, after: Int) {
        var beforeCount = 0
        var bytes = 0
        while cursorIndex - beforeCount > 0 {
            let width = UTF8.width(scalars[cursorIndex - beforeCount - 1])
            guard bytes + width <= before else { break }
            bytes += width
            beforeCount += 1
        }
        var afterCount = 0
        bytes = 0
        while cursorIndex + afterCount < scalars.count {
            let width = UTF8.width(scalars[cursorIndex + afterCount])
            guard bytes + width <= after else { break }
            bytes += width
            afterCount += 1
        }
        return (beforeCount, afterCount)
    }
}
