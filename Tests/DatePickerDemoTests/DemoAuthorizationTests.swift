import Foundation
import TestSupport
import Testing

/// The X11 host opens the display's socket itself (to stop waiting on a server
/// that never answers) and sends the cookie `xcb_connect` would send: an X server
/// started with `-auth` lets the demo in with the cookie in `XAUTHORITY`, and
/// refuses it without.
@Suite("date-picker-demo on an X server that requires a cookie", .serialized)
struct DemoAuthorizationTests {
    /// An Xauthority file with one MIT-MAGIC-COOKIE-1 entry for any display on any host (FamilyWild).
    static func authority(cookie: [UInt8]) -> [UInt8] {
        func counted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes }
        return [0xff, 0xff] + counted([]) + counted([]) + counted(Array("MIT-MAGIC-COOKIE-1".utf8)) + counted(cookie)
    }

    @Test(
        "with the cookie in XAUTHORITY the window opens; with none the server refuses and the demo says so",
        .enabled(if: xvfbAvailable, "needs Xvfb (scripts/install-deps.sh test)"))
    func theCookieInXauthorityIsSent() throws {
        let folder = try TemporaryFolder()
        let authority = try folder.write("Xauthority", bytes: Self.authority(cookie: (0..<16).map { _ in .random(in: 0...255) }))
        let empty = try folder.write("empty", "")
        let xvfb = try XvfbServer(arguments: ["-auth", authority])
        let demo = try DemoProcess([], display: xvfb.display, environment: ["XAUTHORITY": authority, "WAYLAND_DISPLAY": nil])
        try waitUntil("the demo's first state on the display: \(demo.stderr)", timeout: 30, turn: { usleep(50_000) }) {
            !demo.stdout.isEmpty || demo.process.wait(timeout: 0) != nil
        }
        #expect(!demo.stdout.isEmpty, "\(demo.stderr)")
        demo.stopIfRunning()
        let refused = try ChildProcess.run(
            [try DemoBinary.path()], display: xvfb.display,
            environment: ["XAUTHORITY": empty, "WAYLAND_DISPLAY": nil, "TZ": "UTC"], timeout: 60)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("could not connect to X display \(xvfb.display)"), "\(refused)")
    }
}
