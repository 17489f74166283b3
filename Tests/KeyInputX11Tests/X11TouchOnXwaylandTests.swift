import CXCB
import Foundation
import KeyInputKit
import Testing
import TestSupport

@testable import KeyInputX11

#if canImport(Glibc)
    import Glibc
#endif

/// The X11 host under real fingers: mutter's RemoteDesktop touches on an X11 window of
/// mutter's Xwayland, which reach the window as XInput 2.2 touch events.
///
/// Each test fails when the host selects no touch events (the server then emulates the
/// pointer) or when a finger also arrives as pointer events.
@Suite("X11 host under a finger on mutter's Xwayland (XInput 2.2)", .serialized)
@MainActor
struct X11TouchOnXwaylandTests {
    /// A 400×300 window with a text field, shown on mutter's Xwayland, every event it handled kept.
    @MainActor
    final class Shown {
        let mutter: HeadlessMutter
        let window = Window(size: Size(width: 400, height: 300))
        let field = TextField(frame: Rect(x: 20, y: 20, width: 360, height: 32), placeholder: "Name")
        let host: X11Host
        var events: [HostEvent] = []
        /// The window's top-left corner on mutter's monitor.
        var origin = Point.zero

        init() throws {
            mutter = try HeadlessMutter(xwayland: true)
            try Self.letThisUserConnect(to: mutter)
            window.addSubview(field)
            host = try X11Host(window: window, display: mutter.xDisplay, inputMethodChoice: .none)
            host.afterEvent = { [unowned self] in self.events.append($0) }
            try pump("the window exposed") { self.events.contains(.expose) }
            // mutter frames the window and places it: its content's place is the root's coordinates of (0, 0).
            try pump("the window placed by mutter") {
                self.origin = self.host.windowOriginOnScreen() ?? .zero
                return self.origin != .zero
            }
        }

        /// The host reads `XAUTHORITY` from the process's environment, which tests running beside this one
        /// share: with mutter's cookie, tell Xwayland to let this user connect without one.
        static func letThisUserConnect(to mutter: HeadlessMutter) throws {
            let environment = try #require(mutter.x11Environment)
            let cookieFile = environment["XAUTHORITY"] ?? nil
            let path = try #require(cookieFile, "no Xwayland cookie in \(mutter.runtimeDirectory)")
            let file = try #require(fopen(path, "r"))
            defer { fclose(file) }
            let entry = try #require(XauReadAuth(file), "no entry in \(path)")
            defer { XauDisposeAuth(entry) }
            var info = xcb_auth_info_t(
                namelen: Int32(entry.pointee.name_length), name: entry.pointee.name,
                datalen: Int32(entry.pointee.data_length), data: entry.pointee.data)
            let c = try #require(xcb_connect_to_display_with_auth_info(mutter.xDisplay, &info, nil))
            defer { xcb_disconnect(c) }
            try #require(xcb_connection_has_error(c) == 0, "mutter's cookie did not open \(mutter.xDisplay ?? "")")
            // Server-interpreted "localuser": connections from this user's processes.
            let user = Array("localuser\0\(String(cString: getpwuid(getuid()).pointee.pw_name))".utf8)
            let cookie = xcb_change_hosts_checked(
                c, UInt8(XCB_HOST_MODE_INSERT.rawValue), UInt8(XCB_FAMILY_SERVER_INTERPRETED.rawValue),
                UInt16(user.count), user)
            let error = xcb_request_check(c, cookie)
            free(error)
            try #require(error == nil, "Xwayland refused to let this user connect")
        }

        func pump(_ what: String, timeout: Double = 10, until done: () -> Bool) throws {
            try waitUntil(what, timeout: timeout, turn: { try host.processEvents(timeout: 0.02) }, done)
        }

        /// Runs the loop for a while, so that whatever else the server sends arrives.
        func settle(seconds: Double = 0.5) throws {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end { try host.processEvents(timeout: 0.02) }
        }

        /// The touches reported, in order.
        var touches: [(phase: Touch.Phase, id: Int, location: Point)] {
            events.compactMap {
                if case .touch(let phase, let id, let location) = $0 { (phase, id, location) } else { nil }
            }
        }

        /// The pointer events reported.
        var pointerEvents: [PointerEvent] {
            events.compactMap { if case .pointer(let event) = $0 { event } else { nil } }
        }

        func down(_ slot: UInt32, _ x: Double, _ y: Double) throws {
            try mutter.touchDown(slot: slot, x: origin.x + x, y: origin.y + y)
        }

        /// Taps a point of the window until a touch reaches it: mutter loses a touch on an
        /// X11 window that has only just shown. Forgets every event before the tap that landed.
        func tap(_ x: Double, _ y: Double) throws {
            try waitUntil("a tap reaching the window", timeout: 20, turn: {}) {
                events = []
                try down(0, x, y)
                try mutter.touchUp(slot: 0)
                return (try? pump("the touch", timeout: 1) { !self.touches.isEmpty }) != nil
            }
        }
    }

    @Test(
        "A tap is one touch, began and ended at its place in the window, with no pointer events; it focuses the field",
        .enabled(if: xwaylandAvailable, "needs mutter and Xwayland (scripts/install-deps.sh test)"))
    func tapIsOneTouch() throws {
        let shown = try Shown()
        #expect(shown.host.touch != nil, "Xwayland offers XInput 2.2")
        try shown.tap(200, 36)
        try shown.pump("the finger lifted") { shown.touches.contains { $0.phase == .ended } }
        try shown.settle()
        let touches = shown.touches
        #expect(touches.map(\.phase) == [.began, .ended], "\(touches)")
        #expect(Set(touches.map(\.id)).count == 1)
        #expect(touches.allSatisfy { near($0.location, Point(x: 200, y: 36)) }, "\(touches)")
        #expect(shown.pointerEvents.isEmpty, "a finger also came as the pointer: \(shown.pointerEvents)")
        #expect(shown.field.isFirstResponder)
    }

    @Test("Two fingers down at once are two touches, each with its own id, moving apart",
          .enabled(if: xwaylandAvailable, "needs mutter and Xwayland (scripts/install-deps.sh test)"))
    func twoFingers() throws {
        let shown = try Shown()
        try shown.tap(200, 36)
        try shown.pump("the finger lifted") { shown.touches.contains { $0.phase == .ended } }
        shown.events = []
        try shown.down(0, 100, 150)
        try shown.down(1, 300, 150)
        try shown.mutter.touchMotion(slot: 1, x: shown.origin.x + 310, y: shown.origin.y + 160)
        try shown.mutter.touchUp(slot: 1)
        try shown.mutter.touchUp(slot: 0)
        try shown.pump("both fingers lifted") { shown.touches.filter { $0.phase == .ended }.count == 2 }
        let began = shown.touches.filter { $0.phase == .began }
        #expect(began.count == 2, "\(shown.touches)")
        #expect(zip(began.map(\.location), [Point(x: 100, y: 150), Point(x: 300, y: 150)]).allSatisfy(near), "\(began)")
        #expect(Set(began.map(\.id)).count == 2, "\(shown.touches)")
        let moved = shown.touches.filter { $0.phase == .moved }
        #expect(moved.last.map { near($0.location, Point(x: 310, y: 160)) } == true, "\(moved)")
        #expect(moved.last?.id == began.last?.id)
        #expect(shown.window.activeTouches.isEmpty)
    }
}

/// Whether two points are within 0.05 pixels: Xwayland scales a finger's place through its
/// device's axes, and 200 comes back as 199.995.
private func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 0.05 && abs(a.y - b.y) < 0.05 }
