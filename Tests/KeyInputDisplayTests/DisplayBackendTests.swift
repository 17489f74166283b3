import KeyInputDisplay
import Testing

@Suite struct DisplayBackendTests {
    @Test func aCompositorIsPreferredToAnXServer() throws {
        let chosen = try DisplayBackend.choose(environment: ["WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":0"])
        #expect(chosen.backend == .wayland && chosen.display == "wayland-1")
    }

    @Test func anXServerServesWhenNoCompositorIsNamed() throws {
        let chosen = try DisplayBackend.choose(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ":3"])
        #expect(chosen.backend == .x11 && chosen.display == ":3")
    }

    @Test func aNamedDisplaySaysWhichSystemItIs() throws {
        #expect(try DisplayBackend.choose(display: ":7", environment: ["WAYLAND_DISPLAY": "w"]).backend == .x11)
        #expect(try DisplayBackend.choose(display: "wayland-9", environment: ["DISPLAY": ":0"]).backend == .wayland)
    }

    @Test func noDisplayMeansHeadless() throws {
        #expect(try DisplayBackend.choose(environment: [:]).backend == .headless)
    }

    @Test func x11WithoutADisplayIsAnErrorNamingTheVariable() {
        #expect {
            try DisplayBackend.choose(requested: .x11, environment: ["WAYLAND_DISPLAY": "wayland-0"])
        } throws: { error in
            let error = try #require(error as? HostError)
            return error.code == .noDisplay && error.message.contains("DISPLAY")
        }
    }
}
