import CWaylandProtocols
import KeyInputKit

/// A responder's kind of text as text-input-v3's content purpose and
/// hints (`set_content_type`).
///
/// Secure entry has no mapping: the window gives a secure field no input
/// method at all, so the text input is disabled there rather than told
/// `password` and `sensitive_data`.
package struct TextInputContentType: Hashable, Sendable {
    /// `zwp_text_input_v3.content_hint` bits.
    package let hint: UInt32
    /// A `zwp_text_input_v3.content_purpose` value.
    package let purpose: UInt32

    /// The content type for an input-method context: the purpose from the
    /// keyboard type, the hints from autocapitalization, spell checking and
    /// autocorrection (completion).
    ///
    /// - Parameter context: What the focused responder takes.
    package init(_ context: InputMethodContext) {
        let purpose: zwp_text_input_v3_content_purpose =
            switch context.purpose {
            case .freeForm: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL
            case .digits: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_DIGITS
            case .number: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NUMBER
            case .phone: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_PHONE
            case .url: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_URL
            case .email: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_EMAIL
            case .name: ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NAME
            }
        let pairs: [(InputMethodContext.Hints, zwp_text_input_v3_content_hint)] = [
            (.spellCheck, ZWP_TEXT_INPUT_V3_CONTENT_HINT_SPELLCHECK),
            (.wordCompletion, ZWP_TEXT_INPUT_V3_CONTENT_HINT_COMPLETION),
            (.uppercaseCharacters, ZWP_TEXT_INPUT_V3_CONTENT_HINT_UPPERCASE),
            (.uppercaseWords, ZWP_TEXT_INPUT_V3_CONTENT_HINT_TITLECASE),
            (.uppercaseSentences, ZWP_TEXT_INPUT_V3_CONTENT_HINT_AUTO_CAPITALIZATION),
        ]
        self.hint = pairs.reduce(0) { context.hints.contains($1.0) ? $0 | $1.1.rawValue : $0 }
        self.purpose = purpose.rawValue
    }
}
