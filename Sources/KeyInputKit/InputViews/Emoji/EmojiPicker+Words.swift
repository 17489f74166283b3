import Foundation

extension EmojiPicker {
    /// The catalog entry for one of Unicode's group names; none for a group Unicode adds later.
    static func word(forGroup name: String) -> ToolkitString? {
        switch name {
        case "Smileys & Emotion": .emojiGroupSmileys
        case "People & Body": .emojiGroupPeople
        case "Animals & Nature": .emojiGroupAnimals
        case "Food & Drink": .emojiGroupFood
        case "Travel & Places": .emojiGroupTravel
        case "Activities": .emojiGroupActivities
        case "Objects": .emojiGroupObjects
        case "Symbols": .emojiGroupSymbols
        case "Flags": .emojiGroupFlags
        default: nil
        }
    }

    /// The tabs' names in the window's language: Recently used, then each group's (Unicode's name for an unknown one).
    func tabNames() -> [String] {
        [toolkitText(.emojiRecentlyUsed)] + catalog.groups.map { Self.word(forGroup: $0.name).map(toolkitText) ?? $0.name }
    }

    /// Done's title and the tabs' names, in the window's language (it may have changed since the last layout).
    func applyWords() {
        doneButton.title = toolkitText(.accessoryDone)
        guard !categories.isEmpty else { return }
        let names = tabNames()
        guard names.count == categories.count else { return }
        for index in categories.indices where categories[index].name != names[index] {
            categories[index].name = names[index]
        }
    }
}
