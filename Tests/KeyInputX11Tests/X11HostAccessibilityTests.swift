import CXCB
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

/// What the X11 host tells the accessibility model: the window's title and whether it has the keyboard focus.
@Suite(
    "X11 host and accessibility", .serialized,
    .enabled(if: xvfbAvailable, "Xvfb and xdotool are not installed (scripts/install-deps.sh test installs them)"))
@MainActor
struct X11HostAccessibilityTests {
    @Test("the window is named by its title and active while the X server gives it the focus")
    func activationFollowsTheServersFocus() throws {
        let form = try HostedForm()
        defer { form.stop() }
        #expect(form.window.accessibilityLabel == "KeyInputX11 test")
        #expect(form.window.isActive)
        #expect(form.window.accessibilityStates.contains(.active))
        var heard: [String] = []
        let token = form.host.application.observeAccessibility { event in
            switch event {
            case .windowActivated: heard.append("activated")
            case .windowDeactivated: heard.append("deactivated")
            default: break
            }
        }
        defer { token.cancel() }
        // Another client's window takes the focus, then the form's window takes it back.
        try form.focusAnotherClientsWindow()
        try form.pump { !form.window.isActive }
        #expect(!form.window.isActive)
        try form.xdotool("windowfocus", "--sync", String(form.host.windowID))
        try form.pump { form.window.isActive }
        #expect(heard == ["deactivated", "activated"])
    }
}
