import Foundation
import KeyInputKit
import TestSupport
import Testing

@testable import KeyInputX11

/// Keys typed while the loop is slow: the app drew a large text, wrote a long
/// state, or pasted megabytes. A key's release read late is still the release
/// of a key that was held for a moment, not for the repeat delay.
@Suite(
    "X11 keys read after a slow turn", .serialized,
    .enabled(if: xvfbAvailable, "Xvfb or xdotool is missing (scripts/install-deps.sh test)"))
@MainActor
struct SlowTurnKeyTests {
    @Test("each key handled slower than the repeat delay is typed once, and Ctrl+V types no v")
    func slowTurnsTypeEachKeyOnce() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let delay = form.host.keyboard.repeatSettings.delay
        Pasteboard.general.string = "X"
        defer { Pasteboard.general.string = nil }
        // Each key press takes longer to handle than the repeat delay, as a slow app's would;
        // the release waits in the queue meanwhile.
        form.host.afterEvent = { event in
            if case .key(_, .down) = event { usleep(useconds_t((delay + 0.3) * 1_000_000)) }
        }
        try form.xdotool("key", "ctrl+v", "a", "b")
        try form.pump(for: "the paste and two keys", timeout: 30) { form.name.text.count >= 3 }
        form.host.afterEvent = nil
        try form.run(turns: 10)
        #expect(form.name.text == "Xab")
    }
}
