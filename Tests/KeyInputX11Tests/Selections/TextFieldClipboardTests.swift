import Foundation
import KeyInputKit
import Testing

@testable import KeyInputX11

/// What a user does with a text field and other programs: Ctrl+V, Ctrl+A,
/// Ctrl+C, and the middle button, with real key and button events.
@Suite(
    "a text field's copy and paste with other programs", .serialized,
    .enabled(if: clipboardToolsAvailable, "Xvfb, xdotool, xclip or xsel is missing (scripts/install-deps.sh test)"))
@MainActor
struct TextFieldClipboardTests {
    @Test("Ctrl+V pastes what xclip copied; Ctrl+A offers the field's text as PRIMARY; Ctrl+C copies it")
    func keyboardCopyAndPaste() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let field = clipboard.form.name
        let owner = try clipboard.startOwner("xclip", of: .clipboard, bytes: Array("Grüße из xclip".utf8))
        try clipboard.form.xdotool("key", "ctrl+v")
        try clipboard.form.pump(for: "xclip's text in the field") { field.text == "Grüße из xclip" }
        #expect(field.text == "Grüße из xclip")
        owner.stop(grace: 1)

        try clipboard.form.xdotool("key", "ctrl+a")
        try clipboard.form.pump { clipboard.host.selections.isOwner(of: .primary) }
        let primary = try clipboard.runPumping(["xclip", "-o", "-selection", "primary"])
        #expect(String(decoding: primary.output, as: UTF8.self) == "Grüße из xclip")

        try clipboard.form.xdotool("key", "ctrl+c")
        try clipboard.form.pump { clipboard.host.selections.isOwner(of: .clipboard) }
        let copied = try clipboard.runPumping(["xsel", "--output", "--clipboard"])
        #expect(String(decoding: copied.output, as: UTF8.self) == "Grüße из xclip")
    }

    @Test("a middle click in a field pastes the primary selection another program owns, where it clicked")
    func middleClickPastesPrimary() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let other = clipboard.form.other
        let owner = try clipboard.startOwner("xsel", of: .primary, bytes: Array("selected elsewhere".utf8))
        defer { owner.stop(grace: 1) }
        // The Other field, at y 80…112 in the window.
        try clipboard.form.xdotool("mousemove", "--window", String(clipboard.host.windowID), "100", "96", "click", "2")
        try clipboard.form.pump(for: "the other field's text") { other.text == "selected elsewhere" }
        #expect(other.text == "selected elsewhere")
    }

    @Test("a secure field's text never reaches another program")
    func secureTextStaysHere() throws {
        let clipboard = try ClipboardHost()
        defer { clipboard.stop() }
        let field = clipboard.form.name
        field.textInputTraits.isSecureTextEntry = true
        try clipboard.form.xdotool("type", "hunter2")
        try clipboard.form.pump { field.text == "hunter2" }
        try clipboard.form.xdotool("key", "ctrl+a", "ctrl+c")
        try clipboard.form.run(turns: 25)
        #expect(!clipboard.host.selections.isOwner(of: .clipboard))
        #expect(!clipboard.host.selections.isOwner(of: .primary))
        let pasted = try clipboard.runPumping(["xclip", "-o", "-selection", "clipboard"])
        #expect(!String(decoding: pasted.output, as: UTF8.self).contains("hunter2"))
    }
}
