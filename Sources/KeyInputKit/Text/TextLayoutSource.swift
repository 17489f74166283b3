/// Where a ``TextEditingEngine`` finds the layouts its motions need: the
/// view that shows the text.
///
/// The layout of a paragraph may show other characters than the text —
/// bullets for secure entry — so offsets are converted both ways; a view
/// that shows the text as it is keeps the default conversions.
@MainActor
public protocol TextLayoutSource: AnyObject {
    /// The layout of a paragraph as it is shown (without marked text).
    ///
    /// - Parameter paragraph: The paragraph's index.
    func layout(forParagraph paragraph: Int) -> TextLayout
    /// The offset in the paragraph's layout for an offset in its text.
    func layoutOffset(_ textOffset: Int, inParagraph paragraph: Int) -> Int
    /// The offset in the paragraph's text for an offset in its layout.
    func textOffset(_ layoutOffset: Int, inParagraph paragraph: Int) -> Int
    /// How far PageUp and PageDown move, in points: the visible height.
    var pageHeight: Double { get }
}

extension TextLayoutSource {
    /// The same offset: the layout shows the text as it is.
    public func layoutOffset(_ textOffset: Int, inParagraph paragraph: Int) -> Int { textOffset }
    /// The same offset: the layout shows the text as it is.
    public func textOffset(_ layoutOffset: Int, inParagraph paragraph: Int) -> Int { layoutOffset }
}
