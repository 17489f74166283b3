import Dispatch
import Synchronization
import Testing

@testable import KeyInputX11

#if canImport(Glibc)
    import Glibc
#endif

/// The watchdog that ends a silent X server's setup wait: its answer must say
/// what happened to the socket, however close the timer and the reply come.
@Suite struct SetupWatchdogTests {
    @Test func itsAnswerMatchesTheSocketWhenTheTimerRacesTheReply() throws {
        let rounds = 100
        var shutDown = 0
        for _ in 0..<rounds {
            var pair: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
            defer { close(pair[0]); close(pair[1]) }
            let watchdog = SetupWatchdog(descriptor: pair[0], seconds: 0.002)
            // The reply comes on another thread about when the time runs out.
            let answered = DispatchSemaphore(value: 0)
            let timedOut = Atomic(false)
            let jitter = Double.random(in: -0.001...0.001)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.002 + jitter) {
                timedOut.store(watchdog.finish(), ordering: .releasing)
                answered.signal()
            }
            answered.wait()
            // After finish() the descriptor is never touched again: what it
            // reports now is final.
            let said = timedOut.load(ordering: .acquiring)
            var byte: UInt8 = 1
            let written = send(pair[0], &byte, 1, Int32(MSG_NOSIGNAL))
            #expect((written == 1) == !said, "finish() said timed out: \(said)")
            if said { shutDown += 1 }
        }
        #expect(
            shutDown > 0 && shutDown < rounds,
            "the timer won \(shutDown) of \(rounds) times, so the race was not run")
    }

    @Test func aReplyBeforeTheTimeLeavesTheSocketAlone() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let watchdog = SetupWatchdog(descriptor: pair[0], seconds: 0.2)
        #expect(watchdog.finish() == false)
        usleep(400_000)
        var byte: UInt8 = 1
        #expect(send(pair[0], &byte, 1, Int32(MSG_NOSIGNAL)) == 1)
    }
}
