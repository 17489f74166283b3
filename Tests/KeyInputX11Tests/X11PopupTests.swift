import CXCB
import Foundation
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

/// Reads the X screen as another client sees it.
@MainActor
final class ScreenReader {
    let connection: XCBConnection
    let root: xcb_window_t

    init(display: String) throws {
        connection = try XCBConnection(display: display)
        root = try #require(connection.screen).pointee.root
    }

    /// The colour of the screen's pixel at (`x`, `y`), red, green, blue 0–255.
    func pixel(x: Int, y: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8) {
        let c = connection.pointer
        let cookie = xcb_get_image(c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), root, Int16(x), Int16(y), 1, 1, ~0)
        let reply = try #require(xcb_get_image_reply(c, cookie, nil), "GetImage failed at \(x), \(y)")
        defer { free(reply) }
        let bytes = try #require(xcb_get_image_data(reply))
        // 24-bit TrueColor in 32-bit pixels: blue, green, red, unused.
        return (bytes[2], bytes[1], bytes[0])
    }

    /// A window's place on the screen and whether the window manager is told to leave it alone.
    func geometry(of window: xcb_window_t) throws -> (frame: Rect, overrideRedirect: Bool, mapped: Bool) {
        let c = connection.pointer
        let geometry = try #require(xcb_get_geometry_reply(c, xcb_get_geometry(c, window), nil))
        defer { free(geometry) }
        let attributes = try #require(xcb_get_window_attributes_reply(c, xcb_get_window_attributes(c, window), nil))
        defer { free(attributes) }
        let frame = Rect(
            x: Double(geometry.pointee.x), y: Double(geometry.pointee.y), width: Double(geometry.pointee.width),
            height: Double(geometry.pointee.height))
        return (
            frame, attributes.pointee.override_redirect != 0,
            attributes.pointee.map_state == UInt8(XCB_MAP_STATE_VIEWABLE.rawValue)
        )
    }

    /// Whether the window exists on the server.
    func exists(_ window: xcb_window_t) -> Bool {
        let c = connection.pointer
        guard let reply = xcb_get_geometry_reply(c, xcb_get_geometry(c, window), nil) else { return false }
        free(reply)
        return true
    }
}

/// Whether a window exists, asked from a connection of its own.
@MainActor
private enum ScreenReaderProbe {
    static func exists(_ window: xcb_window_t, on display: String) -> Bool {
        guard let reader = try? ScreenReader(display: display) else { return false }
        return reader.exists(window)
    }
}

@Suite("X11 host popups", .enabled(if: xvfbAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh test)"))
@MainActor
struct X11PopupTests {
    @Test(
        "a popup anchored near the window's right edge shows in an override-redirect window reaching past it, drawn on screen, and a real click on its button outside the window reaches the button"
    )
    func popupPastTheRightEdge() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let content = PopupTestContent()
        // The window is 400 × 300 at the screen's top-left corner; the popup is 200 wide.
        let popup = form.window.presentPopup(content, anchoredTo: Rect(x: 350, y: 100, width: 1, height: 1))
        #expect(popup.surfaceWindow != nil, "the host showed no surface of its own")
        let shown = try #require(form.host.popups.first)
        let screen = try ScreenReader(display: form.server.display)
        try form.pump(for: "the popup's window to be drawn") {
            (try? screen.pixel(x: 500, y: 110)).map { $0 == (255, 0, 255) } ?? false
        }
        let placed = try screen.geometry(of: shown.xWindow)
        #expect(placed.frame == Rect(x: 350, y: 101, width: 200, height: 120))
        #expect(placed.overrideRedirect && placed.mapped)
        #expect(popup.frame == Rect(x: 350, y: 101, width: 200, height: 120), "the window was not told where it went")
        // Past the main window's right edge (x 400): the panel's magenta and the button's green.
        let panel = try screen.pixel(x: 420, y: 110)
        #expect(panel == (255, 0, 255))
        let button = try screen.pixel(x: 495, y: 160)
        #expect(button == (0, 255, 0))
        // Keys stay with the main window: the field keeps its focus.
        #expect(form.name.isFirstResponder)

        try form.xdotool("mousemove", "--sync", "495", "160")
        try form.xdotool("click", "1")
        try form.pump(for: "the click to reach the popup's button") { content.button.pointerEvents.count == 2 }
        let events = content.button.pointerEvents
        #expect(events.map(\.kind) == [.down, .up])
        // (495, 160) on the screen is (45, 39) in the button, which sits at (100, 20) in the popup at (350, 101).
        #expect(events.first?.location(in: content.button) == Point(x: 45, y: 39))
        #expect(form.name.isFirstResponder)

        form.window.dismissPopup(popup)
        try form.run(turns: 2)
        #expect(!screen.exists(shown.xWindow), "the popup's window outlived the popup")
        #expect(form.host.popups.isEmpty)
    }

    @Test("a real right click reaches the window as button 3, the edit menu's trigger")
    func rightClickIsButtonThree() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let recorder = PopupTestButton(frame: Rect(x: 20, y: 150, width: 90, height: 80))
        form.window.addSubview(recorder)
        try form.xdotool("mousemove", "--window", String(form.host.windowID), "60", "190")
        try form.xdotool("click", "3")
        try form.pump(for: "the right click to reach the view") { recorder.pointerEvents.count == 2 }
        #expect(recorder.pointerEvents.map(\.kind) == [.down, .up])
        #expect(recorder.pointerEvents.map(\.button) == [3, 3])
        #expect(recorder.pointerEvents.first?.location == Point(x: 60, y: 190))
    }

    @Test("a real click outside the window and its popup ends the popup (the host grabs the pointer while one shows); the field keeps its focus")
    func clickOutsideEndsThePopup() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let popup = form.window.presentPopup(PopupTestContent(), anchoredTo: Rect(x: 350, y: 100, width: 1, height: 1))
        let shown = try #require(form.host.popups.first)
        try form.run(turns: 3)
        // On the bare screen, beside the window and the popup.
        try form.xdotool("mousemove", "--sync", "800", "600")
        try form.xdotool("click", "1")
        try form.pump(for: "the click outside to end the popup") { !popup.isPresented }
        #expect(form.window.presentedPopups.isEmpty)
        #expect(!ScreenReaderProbe.exists(shown.xWindow, on: form.server.display))
        #expect(form.name.isFirstResponder)
    }

    @Test(
        "a popup anchored near the screen's bottom-right corner is flipped above its anchor and slid left to stay on screen, and drawn there"
    )
    func popupKeptOnScreen() throws {
        let form = try HostedForm()
        defer { form.stop() }
        let screen = try ScreenReader(display: form.server.display)
        // No window manager: move the 400 × 300 window so its lower right part is off the 1024 × 768 screen.
        let position: [UInt32] = [700, 550]
        xcb_configure_window(
            screen.connection.pointer, form.host.windowID,
            UInt16(XCB_CONFIG_WINDOW_X.rawValue | XCB_CONFIG_WINDOW_Y.rawValue), position)
        screen.connection.flush()
        try form.pump(for: "the window to move") { form.host.windowOriginOnScreen() == Point(x: 700, y: 550) }

        let content = PopupTestContent()
        // At (1000, 750) on the screen: no room below for 120 points, nor right for 200.
        let popup = form.window.presentPopup(content, anchoredTo: Rect(x: 300, y: 200, width: 1, height: 1))
        let shown = try #require(form.host.popups.first)
        try form.pump(for: "the popup to be drawn above its anchor") {
            (try? screen.pixel(x: 830, y: 640)).map { $0 == (255, 0, 255) } ?? false
        }
        #expect(try screen.geometry(of: shown.xWindow).frame == Rect(x: 824, y: 630, width: 200, height: 120))
        #expect(popup.frame == Rect(x: 124, y: 80, width: 200, height: 120))
        #expect(try screen.pixel(x: 1023, y: 749) == (255, 0, 255), "the popup does not reach the screen's right edge")
    }

    @Test("the X server going away while a popup shows is an error, not a crash; dismissing the popup then is harmless")
    func serverGoneWithAPopup() throws {
        let form = try HostedForm()
        let popup = form.window.presentPopup(PopupTestContent(), anchoredTo: Rect(x: 350, y: 100, width: 1, height: 1))
        try form.run(turns: 2)
        form.stop()
        let error = #expect(throws: HostError.self) {
            for _ in 0..<200 { try form.host.processEvents(timeout: 0.02) }
        }
        #expect(error?.code == .connectionLost)
        form.window.dismissPopup(popup)
        #expect(!popup.isPresented)
        // A popup shown on a dead connection is drawn inside the window instead.
        let late = form.window.presentPopup(PopupTestContent(), anchoredTo: Rect(x: 10, y: 10, width: 1, height: 1))
        #expect(late.surfaceWindow == nil)
    }
}

@Suite("X11 host popups under a finger on mutter's Xwayland", .serialized)
@MainActor
struct X11PopupTouchTests {
    @Test(
        "a tap on a popup's button past the window's edge reaches the button",
        .enabled(if: xwaylandAvailable, "needs mutter and Xwayland (scripts/install-deps.sh test)"))
    func tapOnAPopup() throws {
        let shown = try X11TouchOnXwaylandTests.Shown()
        // mutter loses the first touches on a window that has just shown: one that lands first.
        try shown.tap(200, 36)
        let content = PopupTestContent()
        let popup = shown.window.presentPopup(content, anchoredTo: Rect(x: 350, y: 100, width: 1, height: 1))
        #expect(popup.surfaceWindow != nil)
        try shown.settle(seconds: 0.3)
        #expect(popup.frame.maxX > shown.window.frame.width, "the popup does not reach past the window: \(popup.frame)")
        let button = Point(x: popup.frame.minX + 145, y: popup.frame.minY + 60)
        #expect(button.x > shown.window.frame.width)
        try shown.down(0, button.x, button.y)
        try shown.mutter.touchUp(slot: 0)
        // While the host grabs the pointer for its popups the server sends a finger as the pointer (XInput 2.2).
        try shown.pump("the tap to reach the popup's button") { content.button.pointerEvents.count == 2 }
        #expect(content.button.pointerEvents.map(\.kind) == [.down, .up])
        let location = try #require(content.button.pointerEvents.first).location(in: content.button)
        #expect(abs(location.x - 45) <= 1 && abs(location.y - 40) <= 1, "the button got the tap at \(location)")
        #expect(popup.isPresented)
        #expect(shown.field.isFirstResponder, "the tap on the popup moved the window's focus")
    }
}
