import Synchronization

/// CLDR's names for one locale and the search index built from them, read
/// once per locale and process, on first use.
public final class EmojiLanguageData: Sendable {
    /// The names and keywords.
    public let annotations: EmojiAnnotations
    /// The index searches run on.
    public let searchIndex: EmojiSearchIndex

    /// Reads the annotations for `locale` and indexes `catalog` with them.
    ///
    /// - Parameters:
    ///   - locale: The locale (`fr_CA.UTF-8`).
    ///   - catalog: The emoji to index.
    ///   - directory: CLDR's `common` folder.
    public init(locale: String, catalog: EmojiCatalog, directory: String = EmojiAnnotations.standardDirectory) {
        annotations = EmojiAnnotations(locale: locale, directory: directory)
        searchIndex = EmojiSearchIndex(catalog: catalog, annotations: annotations)
        if annotations.isEmpty {
            EmojiCatalog.logger.notice(
                "no emoji names for \(locale) in \(directory) (install unicode-cldr-core): the emoji picker cannot search")
        }
    }

    private static let cache = Mutex<[String: EmojiLanguageData]>([:])

    /// The data for `locale` and the standard catalog, read the first time it is asked for.
    public static func standard(for locale: String) -> EmojiLanguageData {
        let key = EmojiAnnotations.fallbackChain(for: locale).first ?? "en"
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let data = EmojiLanguageData(locale: key, catalog: .standard)
        return cache.withLock { cache in
            if let raced = cache[key] { return raced }
            cache[key] = data
            return data
        }
    }
}
