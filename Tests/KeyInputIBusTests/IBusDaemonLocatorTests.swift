import Foundation
import KeyInputIBus
import TestSupport
import Testing

/// Finding the daemon as GTK and Qt do, and choosing an input method from the environment.
@Suite struct IBusDaemonLocatorTests {
    @Test func ibusAddressInTheEnvironmentWins() {
        let locator = IBusDaemonLocator(
            environment: ["IBUS_ADDRESS": "unix:path=/tmp/x", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/s"],
            machineID: "m")
        #expect(locator.locate() == .bus("unix:path=/tmp/x"))
    }

    @Test func theAddressFileIsNamedForTheMachineAndTheDisplay() {
        let home = ["HOME": "/home/a"]
        #expect(
            IBusDaemonLocator(environment: home, machineID: "m").addressFilePath == "/home/a/.config/ibus/bus/m-unix-0")
        let x = home.merging(["DISPLAY": ":3.0", "XDG_CONFIG_HOME": "/c"]) { $1 }
        #expect(IBusDaemonLocator(environment: x, machineID: "m").addressFilePath == "/c/ibus/bus/m-unix-3")
        let wayland = home.merging(["WAYLAND_DISPLAY": "wayland-1"]) { $1 }
        #expect(
            IBusDaemonLocator(environment: wayland, machineID: "m").addressFilePath
                == "/home/a/.config/ibus/bus/m-unix-wayland-1")
    }

    @Test func anAddressFileOfALiveDaemonIsUsedAndAStaleOneIsNot() throws {
        let folder = try TemporaryFolder()
        let environment = ["XDG_CONFIG_HOME": folder.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/s"]
        let locator = IBusDaemonLocator(environment: environment, machineID: "m")
        try folder.write(
            "ibus/bus/m-unix-0", "# written by ibus\nIBUS_ADDRESS=unix:path=/tmp/live\nIBUS_DAEMON_PID=\(getpid())\n")
        #expect(locator.locate() == .bus("unix:path=/tmp/live"))
        // A pid no process has: the daemon died and left its file behind.
        try folder.write("ibus/bus/m-unix-0", "IBUS_ADDRESS=unix:path=/tmp/dead\nIBUS_DAEMON_PID=4194304\n")
        #expect(locator.locate() == .portal("unix:path=/tmp/s"))
        let withoutPortal = IBusDaemonLocator(environment: environment, machineID: "m", usesPortal: false)
        #expect(withoutPortal.locate() == nil)
    }

    @Test(arguments: [
        (["KEYINPUTKIT_IM_MODULE": "none", "GTK_IM_MODULE": "ibus"], InputMethodChoice.none),
        (["KEYINPUTKIT_IM_MODULE": "fcitx"], .fcitx),
        (["GTK_IM_MODULE": "ibus", "QT_IM_MODULE": "fcitx"], .ibus),
        (["QT_IM_MODULE": "fcitx5"], .fcitx),
        (["XMODIFIERS": "@im=ibus"], .ibus),
        (["GTK_IM_MODULE": "xim"], .none),
        ([:], .automatic),
    ])
    func theEnvironmentChoosesTheInputMethod(environment: [String: String], expected: InputMethodChoice) {
        #expect(InputMethodChoice(environment: environment) == expected)
    }

    @MainActor
    @Test func noInputMethodIsMadeWhenNoneIsChosenOrNoDaemonRuns() {
        let nowhere = IBusDaemonLocator(environment: ["HOME": "/nonexistent"], machineID: "m", usesPortal: false)
        #expect(IBusInputMethod(choice: .none, locator: nowhere) == nil)
        #expect(IBusInputMethod(choice: .automatic, locator: nowhere) == nil)
        // Chosen by name, it waits for its daemon.
        let waiting = IBusInputMethod(choice: .ibus, locator: nowhere)
        #expect(waiting?.isAvailable == false)
    }
}
