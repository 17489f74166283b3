/// What an input view had when editing began, to restore on Escape, and
/// for which first responder.
struct EditingSnapshot<Value> {
    var value: Value
    weak var owner: Responder?
}
