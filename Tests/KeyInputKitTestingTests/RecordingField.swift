import KeyInputKit

/// A text field that remembers the keys pressed in it and the marked text it showed.
final class RecordingField: TextField {
    var keyNames: [String] = []
    var markedTexts: [String?] = []

    override func pressesBegan(_ press: KeyPress) {
        keyNames.append(press.keyName ?? "?")
        super.pressesBegan(press)
    }

    override func setMarkedText(_ text: String?) {
        markedTexts.append(text)
        super.setMarkedText(text)
    }
}

/// A 400×300 window holding a name field.
@MainActor
func formWindow() -> (Window, RecordingField) {
    let window = Window(size: Size(width: 400, height: 300))
    let field = RecordingField(frame: Rect(x: 20, y: 20, width: 200, height: 32), placeholder: "Name")
    field.identifier = "name"
    window.addSubview(field)
    return (window, field)
}
