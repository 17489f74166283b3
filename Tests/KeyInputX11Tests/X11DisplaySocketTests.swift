import Testing

@testable import KeyInputX11

/// The probe that keeps a silent display from hanging the X11 host opens the
/// socket xcb_connect would: the wrong one would let a hung server through,
/// or report a working one as silent.
@Suite struct X11ServerProbeTests {
    @Test(arguments: [
        (":0", X11ServerProbe.Endpoint.unix(path: "/tmp/.X11-unix/X0")),
        (":12.1", .unix(path: "/tmp/.X11-unix/X12")),
        ("unix:3", .unix(path: "/tmp/.X11-unix/X3")),
        ("unix/:4", .unix(path: "/tmp/.X11-unix/X4")),
        ("unix/remote:5", .unix(path: "/tmp/.X11-unix/X5")),
        ("localhost:10.0", .tcp(host: "localhost", port: 6010)),
        ("tcp/example.org:1", .tcp(host: "example.org", port: 6001)),
    ])
    func aDisplayNameLeadsWhereXCBGoes(_ name: String, _ expected: X11ServerProbe.Endpoint) {
        #expect(X11ServerProbe.endpoint(of: name) == expected)
    }

    @Test(arguments: ["", "0", ":", ":x", ":1.", ":1.2.3", "host:70000"])
    func aNameXCBCannotParseIsLeftToIt(_ name: String) {
        #expect(X11ServerProbe.endpoint(of: name) == nil)
    }
}
