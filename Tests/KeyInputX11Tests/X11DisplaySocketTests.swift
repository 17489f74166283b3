import Testing

@testable import KeyInputX11

/// The X11 host opens the socket xcb_connect would, to stop waiting on a
/// display that never answers: a display name must lead where xcb goes.
@Suite struct X11DisplaySocketTests {
    @Test(arguments: [
        (":0", X11DisplaySocket.Endpoint.unix(path: "/tmp/.X11-unix/X0")),
        (":12.1", .unix(path: "/tmp/.X11-unix/X12")),
        ("unix:3", .unix(path: "/tmp/.X11-unix/X3")),
        ("unix/:4", .unix(path: "/tmp/.X11-unix/X4")),
        ("unix/remote:5", .unix(path: "/tmp/.X11-unix/X5")),
        ("localhost:10.0", .tcp(host: "localhost", port: 6010)),
        ("tcp/example.org:1", .tcp(host: "example.org", port: 6001)),
    ])
    func aDisplayNameLeadsWhereXCBGoes(_ name: String, _ expected: X11DisplaySocket.Endpoint) {
        #expect(X11DisplaySocket.endpoint(of: name) == expected)
    }

    @Test(arguments: ["", "0", ":", ":x", ":1.", ":1.2.3", "host:70000"])
    func aNameXCBCannotParseIsLeftToIt(_ name: String) {
        #expect(X11DisplaySocket.endpoint(of: name) == nil)
    }
}
