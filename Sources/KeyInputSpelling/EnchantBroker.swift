import CEnchant

/// Owns enchant's broker and the dictionaries it opened, and frees them.
///
/// Not `Sendable`: enchant's dictionaries are not thread-safe, so one owner
/// (``EnchantSpellChecker``, on the main actor) makes every call. A plain
/// class, so that `deinit` can free the handles.
final class EnchantBroker {
    let pointer: OpaquePointer
    /// Dictionaries by tag; `nil` records one that could not be opened.
    private var dictionaries: [String: OpaquePointer?] = [:]
    /// Personal word lists by file path.
    private var wordLists: [String: OpaquePointer?] = [:]

    /// Starts enchant (it loads its providers: hunspell, aspell…).
    ///
    /// - Returns: `nil` when enchant cannot start.
    init?() {
        guard let broker = enchant_broker_init() else { return nil }
        pointer = broker
    }

    deinit {
        for case let dictionary? in dictionaries.values { enchant_broker_free_dict(pointer, dictionary) }
        for case let list? in wordLists.values { enchant_broker_free_dict(pointer, list) }
        enchant_broker_free(pointer)
    }

    /// The tags of every dictionary installed (`en_US`, `de_DE`, `fr`…), sorted.
    func installedTags() -> [String] {
        final class Box { var tags: [String] = [] }
        let box = Box()
        withExtendedLifetime(box) {
            enchant_broker_list_dicts(
                pointer,
                { tag, _, _, _, data in
                    guard let tag, let data else { return }
                    Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().tags.append(String(cString: tag))
                }, Unmanaged.passUnretained(box).toOpaque())
        }
        return Array(Set(box.tags)).sorted()
    }

    /// The dictionary for a tag, opened once.
    func dictionary(_ tag: String) -> OpaquePointer? {
        if let known = dictionaries[tag] { return known }
        let opened = enchant_broker_request_dict(pointer, tag)
        dictionaries[tag] = opened
        return opened
    }

    /// A personal word list kept in a file (made when missing), opened once.
    func wordList(at path: String) -> OpaquePointer? {
        if let known = wordLists[path] { return known }
        let opened = enchant_broker_request_pwl_dict(pointer, path)
        wordLists[path] = opened
        return opened
    }

    /// The broker's last error, for a log line.
    var lastError: String? { enchant_broker_get_error(pointer).map { String(cString: $0) } }
}

/// Calls on one enchant dictionary, with words as Swift strings (always valid UTF-8).
enum EnchantDictionary {
    /// Whether the dictionary knows the word; `nil` when enchant reports an error.
    static func check(_ dictionary: OpaquePointer, _ word: String) -> Bool? {
        var word = word
        return word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars -> Bool? in
                let result = enchant_dict_check(dictionary, chars.baseAddress, chars.count)
                return result < 0 ? nil : result == 0
            }
        }
    }

    /// The dictionary's suggestions for a word.
    static func suggest(_ dictionary: OpaquePointer, _ word: String) -> [String] {
        var word = word
        return word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars -> [String] in
                var count = 0
                guard let list = enchant_dict_suggest(dictionary, chars.baseAddress, chars.count, &count) else {
                    return []
                }
                defer { enchant_dict_free_string_list(dictionary, list) }
                return (0..<count).compactMap { list[$0].map { String(cString: $0) } }
            }
        }
    }

    /// Adds a word to the dictionary's personal list, or only to this session's.
    static func add(_ dictionary: OpaquePointer, _ word: String, sessionOnly: Bool) {
        var word = word
        word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if sessionOnly {
                    enchant_dict_add_to_session(dictionary, chars.baseAddress, chars.count)
                } else {
                    enchant_dict_add(dictionary, chars.baseAddress, chars.count)
                }
            }
        }
    }
}
