import XKB

extension ComposeSetting {
    /// The table this setting names, from `cache`; `nil` when off or when it cannot be loaded.
    func table(cache: KeymapCache) -> ComposeTable? {
        switch self {
        case .off: nil
        case .locale(let locale): try? cache.composeTable(locale: locale)
        case .file(let path): try? cache.composeTable(file: path)
        }
    }
}
