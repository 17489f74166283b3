import KeyInputDisplay
import KeyInputX11
import TestSupport
import Testing

@MainActor
@Suite struct DisplayHostTests {
    @Test func withNoDisplayOpeningAWindowSaysSo() {
        let window = Window(size: Size(width: 400, height: 500))
        #expect {
            try DisplayHost.open(for: window, environment: [:])
        } throws: { error in
            (error as? HostError)?.code == .noDisplay
        }
    }

    @Test(.enabled(if: executablePath("Xvfb") != nil, "Xvfb is not installed (scripts/install-deps.sh test)"))
    func anXDisplayOpensTheX11HostThroughTheProtocol() throws {
        let server = try XvfbServer()
        let window = Window(size: Size(width: 400, height: 500))
        let host = try DisplayHost.open(for: window, title: "Opened", environment: ["DISPLAY": server.display])
        #expect(host is X11Host)
        #expect(host.displayName == server.display && host.title == "Opened")
        try host.processEvents(timeout: 0.5)
        #expect(host.isOpen)
        host.close()
        #expect(!host.isOpen)
        #expect(try host.processEvents(timeout: 0) == false)
    }
}
