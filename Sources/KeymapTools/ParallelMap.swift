import Foundation
import Synchronization

/// Runs work on every index of a list, `threads` at once, each thread with state of its own
/// (libxkbcommon objects are never shared between threads): the registry surveys' loop.
enum ParallelMap {
    /// Calls `work` on each index below `count`, on `threads` threads, each starting with
    /// `makeState()`.
    ///
    /// - Returns: Each index's result, in order.
    static func run<State, T: Sendable>(
        count: Int, threads: Int, state makeState: @Sendable () -> State,
        _ work: @Sendable (inout State, Int) -> T
    ) -> [T] {
        let results = Slots<T>(count: count)
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
            var state = makeState()
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                results.set(work(&state, index), at: index)
            }
        }
        return results.all.map { $0! }  // every index below count was taken by a thread
    }

    /// Results the threads fill in, behind an `NSLock`: a pthread mutex, whose hand-over the
    /// thread sanitizer sees. Synchronization's `Mutex` locks with bare futex calls it does not
    /// see, so it reported the threads' writes as races now and then and stopped the survey.
    private final class Slots<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [T?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ value: T, at index: Int) { lock.withLock { values[index] = value } }

        var all: [T?] { lock.withLock { values } }
    }
}
