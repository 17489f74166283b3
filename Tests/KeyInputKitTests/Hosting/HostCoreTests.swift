import Foundation
import KeyInputKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A source on a real pipe: readable when something was written to it.
@MainActor
final class PipeSource: HostLoopSource {
    let descriptors: [Int32]
    var nextTimeout: Double?
    var dispatched: [String] = []
    let name: String
    let log: (String) -> Void

    init(_ name: String, nextTimeout: Double?, log: @escaping (String) -> Void) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        descriptors = fds
        self.name = name
        self.nextTimeout = nextTimeout
        self.log = log
    }

    func pollDescriptors() -> [pollfd] { [pollfd(fd: descriptors[0], events: Int16(POLLIN), revents: 0)] }
    func dispatch() { log(name) }

    deinit { descriptors.forEach { close($0) } }
}

@MainActor
@Suite struct HostCoreTests {
    static func core(_ window: Window = Window(size: Size(width: 320, height: 400))) throws -> HostCore {
        let keyboard = HardwareKeyboard(keymap: try XKBFixtures.keymap(layout: "us"), compose: .none)
        return HostCore(window: window, keyboard: keyboard, keymapOverride: nil, title: "Form", minimumSize: .zero)
    }

    @Test func theCoreTitlesTheWindowAndGivesItAnApplication() throws {
        let window = Window(size: Size(width: 320, height: 400))
        let core = try Self.core(window)
        #expect(window.title == "Form")
        #expect(window.application === core.application)
    }

    @Test func theWaitCoversEverySourceAndEndsAtTheEarliestDeadline() throws {
        let core = try Self.core()
        var log: [String] = []
        let ime = PipeSource("input method", nextTimeout: 0.3) { log.append($0) }
        let bridge = PipeSource("screen reader", nextTimeout: nil) { log.append($0) }
        core.add(ime)
        core.add(bridge)
        core.add(ime)  // once is enough
        let wait = core.wait(upTo: 5)
        #expect(wait.descriptors.map(\.fd) == [ime.descriptors[0], bridge.descriptors[0]])
        #expect(wait.timeout == 0.3)
        #expect(core.wait(upTo: 0.1).timeout == 0.1)
        ime.nextTimeout = -1  // overdue: no wait at all
        #expect(core.wait(upTo: 5).timeout == 0)
        core.dispatchSources()
        #expect(log == ["input method", "screen reader"])
        core.remove(ime)
        core.dispatchSources()
        #expect(log == ["input method", "screen reader", "screen reader"])
        #expect(core.wait(upTo: 5).descriptors.count == 1)
    }

    @Test func aWaitNeverExceedsAMinute() throws {
        #expect(try Self.core().wait(upTo: 3600).timeout == 60)
    }

    @Test func advancingMovesTheWindowsClockFromItsOwnTime() throws {
        let window = Window(size: Size(width: 320, height: 400))
        window.advanceTime(to: 100)
        let core = try Self.core(window)
        usleep(20_000)
        core.advance()
        #expect(window.currentTime >= 100.02 && window.currentTime < 101)
        #expect(abs(core.now - window.currentTime) < 0.5)
    }
}

/// The least a host is: one that counts its turns and closes when told.
@MainActor
final class CountingHost: WindowHost {
    let core: HostCore
    var turns = 0
    var stopAfter: Int?
    var closeAfter: Int?
    var displayName: String { "counting" }
    var fontFamily: String { "DejaVu Sans" }
    var inputMethod: (any InputMethod)? { nil }
    var selectionTimeout = 2.0

    init(core: HostCore) { self.core = core }

    func processEvents(timeout: Double) throws -> Bool {
        turns += 1
        core.report(.focus(true))
        if turns == stopAfter { stop() }
        if turns == closeAfter { close() }
        return isOpen
    }

    func close() { core.markClosed() }
    func enableAccessibility(environment: [String: String]) {}
}

@MainActor
@Suite struct WindowHostTests {
    @Test func runTurnsUntilStopThenAgainUntilClosed() throws {
        let host = CountingHost(core: try HostCoreTests.core())
        var events: [HostEvent] = []
        host.afterEvent = { events.append($0) }
        host.stopAfter = 3
        try host.run()
        #expect(host.turns == 3 && host.isOpen)
        host.closeAfter = 5
        try host.run()  // a stop asked before does not end the next run
        #expect(host.turns == 5 && !host.isOpen)
        #expect(events.count == 5)
        try host.run()
        #expect(host.turns == 5)
    }

    @Test func theProtocolGivesTheCoresWindowAndTimeouts() throws {
        let host = CountingHost(core: try HostCoreTests.core())
        host.idleTimeout = 0.25
        #expect(host.core.idleTimeout == 0.25)
        #expect(host.title == "Form" && host.window === host.core.window)
        #expect(host.pollTimeout <= 0.25)
        #expect(CountingHost.defaultMinimumSize == Size(width: 320, height: 400))
    }
}
