import ArgumentParser
import Foundation
import KeymapTools
import XKB

/// Options that choose a compose table: `--compose LOCALE`,
/// `--compose-file FILE`, `--no-compose`.
public struct ComposeOptions: ParsableArguments, Sendable {
    @Option(name: .customLong("compose"), help: ArgumentHelp("Use the compose table of this locale, such as en_US.UTF-8.", valueName: "locale"))
    public var locale: String?
    @Option(name: .customLong("compose-file"), help: ArgumentHelp("Use the compose table in this Compose file.", valueName: "file"))
    public var file: String?
    @Flag(name: .customLong("no-compose"), help: "Turn compose (dead keys and the Compose key) off.")
    public var off = false

    /// Creates the options with nothing given.
    public init() {}

    /// Refuses options that cannot be combined.
    public func validate() throws {
        if off && (locale != nil || file != nil) {
            throw ValidationError("--no-compose cannot be combined with --compose or --compose-file")
        }
        if locale != nil && file != nil {
            throw ValidationError("--compose and --compose-file cannot be combined")
        }
    }

    /// The compose table to use: none, an explicit one, or the environment
    /// locale's with a fallback to en_US.UTF-8 (announced on standard error).
    ///
    /// - Parameter cache: Where compose tables are kept.
    /// - Returns: The table, or `nil` with `--no-compose`.
    /// - Throws: ``CLIError``: usage (2) for a locale without a table or a
    ///   missing file, failure (1) for a file that does not load.
    public func table(cache: KeymapCache = KeymapCache()) throws -> ComposeTable? {
        if off { return nil }
        if let file {
            do { return try cache.composeTable(file: file) } catch let error as XKBError {
                throw error.code == .fileUnreadable ? CLIError.usage(error.message) : CLIError.failure(error.description)
            }
        }
        if let locale {
            do { return try cache.composeTable(locale: locale) } catch {
                throw CLIError.usage("no compose table for locale \"\(locale)\"; try en_US.UTF-8, or --no-compose")
            }
        }
        let lookup = ComposeTable.lookUp(environment: ProcessInfo.processInfo.environment) {
            try cache.composeTable(locale: $0)
        }
        if let notice = lookup.notice { printError("note: \(notice) (choose with --compose LOCALE or --no-compose)") }
        return lookup.table
    }
}
