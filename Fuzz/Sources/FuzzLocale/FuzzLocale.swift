import Foundation
import FuzzSupport
import KeyInputKit

/// `--locale` identifiers: what `DemoLocale.resolve` accepts must be safe to
/// hand to Foundation (`ü` crashed its date formats with SIGILL), and what it
/// refuses must be refused as a usage error that names it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLocale(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let identifier = FuzzInput(data, size).text
    guard identifier.utf8.count <= 64 else { return 0 }
    let fallback = Locale(identifier: "en_US")
    let resolved: Locale
    do {
        resolved = try DemoLocale.resolve(identifier, fallback: fallback).locale
    } catch let error as DemoError {
        invariant(error.code == .usage, "a refused locale is not a usage error: \(error)")
        invariant(error.message.contains(identifier.debugDescription), "the refusal does not name \(identifier.debugDescription)")
        return 0
    } catch {
        fatalError("unexpected error type \(error)")
    }
    // What the picker does with the locale it is given.
    let order = MainActor.assumeIsolated { DateFieldOrder(locale: resolved, mode: .dateAndTime) }
    for field in [DatePicker.Field.month, .day, .year, .hour, .minute] {
        invariant(order.fields.contains(field), "\(resolved.identifier): no \(field) field")
    }
    let formatter = DateFormatter()
    formatter.locale = resolved
    formatter.dateStyle = .long
    invariant(!formatter.string(from: Date(timeIntervalSince1970: 0)).isEmpty, "\(resolved.identifier): an empty date")
    return 0
}
