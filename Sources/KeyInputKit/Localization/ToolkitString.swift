import Foundation

/// A word or sentence the toolkit itself shows or speaks, such as the
/// accessory bar's "Next" or the date picker's "Month".
///
/// Each has a stable key (its raw value) in the catalogs of the package's
/// resources and an English text (``english``) used when no catalog has it.
/// Look one up with ``localized(for:)``; replace one with
/// ``ToolkitStrings/setOverride(_:for:language:)``. A text with `%@` takes
/// an argument: ``localized(for:_:)``.
public enum ToolkitString: String, CaseIterable, Sendable {
    // The accessory bar.
    case accessoryPrevious = "accessory.previous"
    case accessoryNext = "accessory.next"
    case accessoryDone = "accessory.done"

    // Pickers: the key hints and the names of the date picker's fields.
    case columnPickerHints = "column-picker.hints"
    case pickerHints = "picker.hints"
    case datePickerHints = "date-picker.hints"
    case fieldEra = "date-picker.field.era"
    case fieldYear = "date-picker.field.year"
    case fieldMonth = "date-picker.field.month"
    case fieldDay = "date-picker.field.day"
    case fieldHour = "date-picker.field.hour"
    case fieldMinute = "date-picker.field.minute"
    case fieldDayPeriod = "date-picker.field.day-period"
    case fieldCountDownHours = "date-picker.field.countdown-hours"
    case fieldCountDownMinutes = "date-picker.field.countdown-minutes"

    // The on-screen keyboard: the space bar's label and the keys' spoken names.
    case keyboardSpaceBar = "keyboard.space-bar"
    case keyboardSpace = "keyboard.key.space"
    case keyboardBackspace = "keyboard.key.backspace"
    case keyboardShift = "keyboard.key.shift"
    case keyboardCapsLock = "keyboard.key.caps-lock"
    case keyboardReturn = "keyboard.key.return"
    case keyboardNextLayout = "keyboard.key.next-layout"
    case keyboardSymbols = "keyboard.key.symbols"
    case keyboardLetters = "keyboard.key.letters"
    case keyboardPressAction = "keyboard.action.press"

    // The Return key's titles (TextInputTraits.ReturnKeyType).
    case returnKeyGo = "return-key.go"
    case returnKeySearch = "return-key.search"
    case returnKeyJoin = "return-key.join"
    case returnKeyNext = "return-key.next"
    case returnKeyRoute = "return-key.route"
    case returnKeySend = "return-key.send"
    case returnKeyDone = "return-key.done"
    case returnKeyEmergencyCall = "return-key.emergency-call"
    case returnKeyContinue = "return-key.continue"

    // The edit menu.
    case editMenu = "edit-menu.title"
    case editUndo = "edit-menu.undo"
    case editRedo = "edit-menu.redo"
    case editCut = "edit-menu.cut"
    case editCopy = "edit-menu.copy"
    case editPaste = "edit-menu.paste"
    case editDelete = "edit-menu.delete"
    case editSelectAll = "edit-menu.select-all"
    case editEmoji = "edit-menu.emoji"
    case spellingNoGuesses = "spelling.no-guesses"
    case spellingLearn = "spelling.add-to-dictionary"
    case spellingIgnore = "spelling.ignore"

    // Key names in the keyboard shortcuts a menu shows (Ctrl+Shift+Z).
    case shortcutControl = "shortcut.ctrl"
    case shortcutAlternate = "shortcut.alt"
    case shortcutShift = "shortcut.shift"
    case shortcutSuper = "shortcut.super"
    case shortcutDelete = "shortcut.delete"

    // The emoji picker.
    case emojiPicker = "emoji.title"
    case emojiSearch = "emoji.search"
    case emojiRecentlyUsed = "emoji.recently-used"
    case emojiNoneUsed = "emoji.none-used"
    case emojiNoneFound = "emoji.none-found"
    case emojiTypeAction = "emoji.action.type"
    case emojiShowTabAction = "emoji.action.show-tab"
    case emojiGroupSmileys = "emoji.group.smileys-emotion"
    case emojiGroupPeople = "emoji.group.people-body"
    case emojiGroupAnimals = "emoji.group.animals-nature"
    case emojiGroupFood = "emoji.group.food-drink"
    case emojiGroupTravel = "emoji.group.travel-places"
    case emojiGroupActivities = "emoji.group.activities"
    case emojiGroupObjects = "emoji.group.objects"
    case emojiGroupSymbols = "emoji.group.symbols"
    case emojiGroupFlags = "emoji.group.flags"

    // The text controls' key commands (their titles, for menus and help).
    case textLeft = "text-command.left"
    case textRight = "text-command.right"
    case textWordLeft = "text-command.word-left"
    case textWordRight = "text-command.word-right"
    case textLineStart = "text-command.line-start"
    case textLineEnd = "text-command.line-end"
    case textUp = "text-command.up"
    case textDown = "text-command.down"
    case textPageUp = "text-command.page-up"
    case textPageDown = "text-command.page-down"
    case textDocumentStart = "text-command.document-start"
    case textDocumentEnd = "text-command.document-end"
    case textSelectLeft = "text-command.select-left"
    case textSelectRight = "text-command.select-right"
    case textSelectWordLeft = "text-command.select-word-left"
    case textSelectWordRight = "text-command.select-word-right"
    case textSelectLineStart = "text-command.select-line-start"
    case textSelectLineEnd = "text-command.select-line-end"
    case textSelectUp = "text-command.select-up"
    case textSelectDown = "text-command.select-down"
    case textSelectPageUp = "text-command.select-page-up"
    case textSelectPageDown = "text-command.select-page-down"
    case textSelectDocumentStart = "text-command.select-document-start"
    case textSelectDocumentEnd = "text-command.select-document-end"
    case textDeleteForward = "text-command.delete-forward"
    case textDeleteWordBackward = "text-command.delete-word-backward"
    case textDeleteWordForward = "text-command.delete-word-forward"

    /// The text in the language of `locale`, else of the environment
    /// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), with the app's overrides applied.
    ///
    /// - Parameter locale: The locale of the view that shows the text, or `nil` for the environment's.
    public func localized(for locale: Locale? = nil) -> String {
        ToolkitStrings.text(self, language: ToolkitStrings.language(for: locale))
    }

    /// The text with its `%@` replaced by `argument`, in the language of `locale`.
    ///
    /// A text without `%@` (a bad override or catalog entry) is shown with the argument after it.
    ///
    /// - Parameters:
    ///   - locale: The locale of the view that shows the text, or `nil` for the environment's.
    ///   - argument: What the text names, such as a keyboard layout.
    public func localized(for locale: Locale?, _ argument: String) -> String {
        Self.fill(localized(for: locale), with: argument)
    }

    /// `format` with its first `%@` replaced by `argument`, or the argument after it when it has none.
    static func fill(_ format: String, with argument: String) -> String {
        guard let range = format.range(of: "%@") else { return format + " " + argument }
        return format.replacingCharacters(in: range, with: argument)
    }
}
