import KeyInputKit
import Testing

@Suite struct KeyboardFrameAnimatorTests {
    private let below = Rect(x: 0, y: 600, width: 400, height: 200)
    private let shown = Rect(x: 0, y: 400, width: 400, height: 200)
    private let taller = Rect(x: 0, y: 300, width: 400, height: 300)

    @Test func midwayThroughAnEaseInOutShowTheFrameFollowsTheCurve() {
        var animator = KeyboardFrameAnimator(frame: below)
        _ = animator.start(.willShow, from: below, to: shown, animation: InputViewAnimation(duration: 1, curve: .easeInOut))
        _ = animator.advance(to: 0.25)
        // easeInOut at a quarter of the time: 4 × 0.25³ = 0.0625 of the way.
        #expect(animator.frame == Rect(x: 0, y: 600 - 200 * 0.0625, width: 400, height: 200))
        #expect(animator.isAnimating)
        #expect(animator.finalFrame == shown)
    }

    @Test func theFinalFrameIsReachedWithTheDidEventWhenTheTimeIsUp() {
        var animator = KeyboardFrameAnimator(frame: below)
        let started = animator.start(.willShow, from: below, to: shown, animation: .standard)
        #expect(started.map(\.kind) == [.willShow])
        #expect(animator.advance(to: 0.2) == nil)
        let done = animator.advance(to: 0.25)
        #expect(done?.kind == .didShow)
        #expect(done?.beginFrame == below && done?.endFrame == shown)
        #expect(animator.frame == shown)
        #expect(!animator.isAnimating)
    }

    @Test func anInterruptedAnimationEndsWithItsDidEventBeforeTheNextWillEvent() throws {
        var animator = KeyboardFrameAnimator(frame: below)
        _ = animator.start(.willShow, from: below, to: shown, animation: .standard)
        _ = animator.advance(to: 0.1)
        let events = animator.start(.willChangeFrame, from: animator.frame, to: taller, animation: .standard)
        try #require(events.map(\.kind) == [.didShow, .willChangeFrame])
        #expect(events[0].endFrame == shown)
        #expect(events[1].endFrame == taller)
        #expect(animator.advance(to: 0.35)?.kind == .didChangeFrame)
    }

    @Test func aZeroDurationAnimationFinishesAtOnce() {
        var animator = KeyboardFrameAnimator(frame: shown)
        let events = animator.start(.willHide, from: shown, to: below, animation: .none)
        #expect(events.map(\.kind) == [.willHide, .didHide])
        #expect(!animator.isAnimating)
        #expect(animator.frame == below)
    }

    @Test func aClockThatGoesBackwardsChangesNothing() {
        var animator = KeyboardFrameAnimator(frame: below, time: 10)
        _ = animator.start(.willShow, from: below, to: shown, animation: InputViewAnimation(duration: 1, curve: .linear))
        _ = animator.advance(to: 10.5)
        let before = animator
        #expect(animator.advance(to: 9) == nil)
        #expect(animator == before)
        #expect(animator.time == 10.5)
        #expect(animator.frame == Rect(x: 0, y: 500, width: 400, height: 200))
    }

    @Test func finishingEndsAtTheFinalFrameOnceAndOnlyOnce() {
        var animator = KeyboardFrameAnimator(frame: below)
        _ = animator.start(.willShow, from: below, to: shown, animation: .standard)
        #expect(animator.finish()?.kind == .didShow)
        #expect(animator.frame == shown)
        #expect(animator.finish() == nil)
        #expect(animator.advance(to: 5) == nil)
    }
}
