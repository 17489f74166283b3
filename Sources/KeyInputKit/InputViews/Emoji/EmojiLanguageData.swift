import Synchronization

/// CLDR's names for one locale, read once per locale and process, and the
/// search index built from them on the first search.
public final class EmojiLanguageData: Sendable {
    /// The names and keywords.
    public let annotations: EmojiAnnotations
    private let catalog: EmojiCatalog
    private let index = Mutex<EmojiSearchIndex?>(nil)

    /// The index searches run on, built the first time it is asked for.
    public var searchIndex: EmojiSearchIndex {
        if let built = index.withLock({ $0 }) { return built }
        let built = EmojiSearchIndex(catalog: catalog, annotations: annotations)
        index.withLock { $0 = $0 ?? built }
        return built
    }

    /// Reads the annotations for `locale` and indexes `catalog` with them.
    ///
    /// - Parameters:
    ///   - locale: The locale (`fr_CA.UTF-8`).
    ///   - catalog: The emoji to index.
    ///   - directory: CLDR's `common` folder.
    public init(locale: String, catalog: EmojiCatalog, directory: String = EmojiAnnotations.standardDirectory) {
        annotations = EmojiAnnotations(locale: locale, directory: directory)
        self.catalog = catalog
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
