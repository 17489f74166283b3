import CLibFuzzer
#if canImport(Glibc)
    import Glibc
#endif

/// The bytes libFuzzer hands a target, with a reader for targets that turn
/// them into a sequence of operations.
public struct FuzzInput: Sendable {
    /// The bytes, in order.
    public let bytes: [UInt8]
    private var offset = 0

    /// Copies the buffer libFuzzer passed (`data` may be null when `size` is 0).
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The bytes as text, invalid UTF-8 repaired the way `String(decoding:as:)` does.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A number from the next two bytes, little-endian.
    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// One of `choices`, chosen by the next byte.
    public mutating func choose<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// The next `count` bytes (fewer at the end) as text.
    public mutating func text(count: Int) -> String {
        let end = min(bytes.count, offset + count)
        defer { offset = end }
        return String(decoding: bytes[min(offset, end)..<end], as: UTF8.self)
    }
}

/// Stops the fuzzer with a message when an invariant does not hold: the crash
/// libFuzzer records, with the input that caused it.
public func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}

/// What libFuzzer calls with each input.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

/// Hands the process to libFuzzer, which calls `target` with each input and
/// reads its options (`-max_total_time=30`, corpus folders…) from the command line.
public func runLibFuzzer(_ target: FuzzTarget) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, target))
}

/// Runs `body`, which may refuse the input by throwing an `E`: a refusal must
/// say why, and gives `nil`. Any other error stops the fuzzer.
public func valueOrRefusal<T, E: Error & CustomStringConvertible>(_ refusal: E.Type, _ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch let error as E {
        invariant(!error.description.isEmpty, "a refusal without a message")
        return nil
    } catch {
        fatalError("unexpected error type \(error)")
    }
}

/// How many lines the parsers see in `text`: split at "\n" and "\r\n" (one
/// `Character` in Swift), empty lines counted.
public func lineCount(of text: String) -> Int {
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
}
