import Foundation

/// An input view for choosing emoji, shown in place of the keyboard
/// (``Window/showEmojiPicker(for:)``, Ctrl+. or Ctrl+; in a typing field).
///
/// From top to bottom: a search field and Done, a row of tabs (Recently
/// used, then Unicode's groups), and a scrolling grid of emoji in cells a
/// finger can hit. Choosing an emoji types it into the first responder with
/// ``KeyInput/insertText(_:)`` and puts it first in Recently used
/// (``EmojiRecents``, kept in a file).
///
/// | key | what it does |
/// |---|---|
/// | text | goes to the search (CLDR's names and keywords in ``locale``) |
/// | BackSpace | deletes from the search |
/// | arrows | move the highlight in the grid, or between tabs |
/// | Return | types the highlighted emoji |
/// | Tab, Shift+Tab | move between the search, the tabs and the grid |
/// | Escape | back to the keyboard |
///
/// A long press (a finger, or the mouse held) on an emoji with skin tones
/// shows them in a row above it; the one the finger lifts on, or a later
/// click on one, is typed.
///
/// The data is read on first show: Unicode's `emoji-test.txt` once per
/// process (``EmojiCatalog/standard``), CLDR's annotations once per locale.
/// Without them the picker shows what it has: no emoji, or no names and no search.
@MainActor
open class EmojiPicker: View, InputViewKeyHandling {
    /// Where the keyboard focus is inside the picker.
    public enum Area: Hashable, Sendable { case search, tabs, grid }

    /// The picker's height.
    public static let height = 300.0
    /// The side of an emoji cell: a finger's width.
    public static let cellSize = 44.0
    /// The height of the search row and of the tab row.
    static let searchRowHeight = 44.0
    static let tabRowHeight = 44.0

    /// Goes back to the keyboard; titled "Done" in the window's language.
    public let doneButton = Button(title: "Done")
    /// The language of names and search, as a locale (`fr_CA.UTF-8`, `fr`);
    /// from `LC_ALL`, `LC_MESSAGES` or `LANG` unless set.
    public var locale: String {
        didSet { if locale != oldValue { annotationsForLocale = nil } }
    }
    /// The emoji chosen last; a picker reads them from ``EmojiRecents/standardPath`` unless given others.
    public var recents: EmojiRecents {
        didSet { if selectedCategory == 0 { reloadShownEmoji() } }
    }
    /// The responder the picker types into while it shows.
    public internal(set) weak var target: Responder?
    /// The tabs: Recently used, then Unicode's groups, named in the window's language.
    public internal(set) var categories: [EmojiCategory] = []
    /// The tab shown.
    public internal(set) var selectedCategory = 0
    /// What was typed into the search; the grid shows what it finds while it is not empty.
    public internal(set) var searchText = ""
    /// The emoji in the grid now.
    public internal(set) var shownEmoji: [Emoji] = []
    /// The emoji Return types, highlighted in the grid.
    public internal(set) var highlightedIndex: Int?
    /// Where the keyboard focus is.
    public internal(set) var focusedArea = Area.search
    /// The skin tones shown above a long-pressed emoji, while they show.
    public var shownSkinTones: [String]? { skinTonePopup.isHidden ? nil : skinTonePopup.variants }

    let searchBox = EmojiSearchBox()
    let tabBar = EmojiTabBar()
    let scrollView = ScrollView()
    let grid = EmojiGridView()
    let skinTonePopup = EmojiSkinTonePopup()

    /// The emoji; ``EmojiCatalog/standard`` unless one was given.
    private let givenCatalog: EmojiCatalog?
    var catalog: EmojiCatalog { givenCatalog ?? EmojiCatalog.standard }
    var usesStandardCatalog: Bool { givenCatalog == nil }
    /// Names and the search index for ``locale``, read on first show.
    var annotationsForLocale: EmojiLanguageData?
    /// Each emoji by its character, to show recently used ones with their names and skin tones.
    var emojiByCharacter: [String: Emoji] = [:]

    /// Creates a picker.
    ///
    /// - Parameters:
    ///   - catalog: The emoji to offer; Unicode's `emoji-test.txt` when `nil`.
    ///   - recents: The recently used emoji, and where they are kept.
    public init(catalog: EmojiCatalog? = nil, recents: EmojiRecents = EmojiRecents()) {
        givenCatalog = catalog
        self.recents = recents
        locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { ProcessInfo.processInfo.environment[$0] }
            .first { !$0.isEmpty } ?? "en"
        super.init(frame: Rect(x: 0, y: 0, width: 0, height: Self.height))
        identifier = "emoji-picker"
        keepsKeyboardOnPress = true
        becomesFirstResponderOnPress = false
        doneButton.identifier = "emoji-done"
        doneButton.becomesFirstResponderOnPress = false
        doneButton.keepsKeyboardOnPress = true
        doneButton.addAction(for: .primaryActionTriggered) { [weak self] _ in self?.window?.dismissEmojiPicker() }
        scrollView.avoidsKeyboard = false
        scrollView.identifier = "emoji-scroll"
        scrollView.addSubview(grid)
        for view in [searchBox, tabBar, scrollView, doneButton, skinTonePopup] as [View] {
            view.keepsKeyboardOnPress = true
            view.becomesFirstResponderOnPress = false
            addSubview(view)
        }
    }

    /// Places the search row, the tabs and the grid for the picker's width; words in the window's language.
    open override func layoutSubviews() {
        super.layoutSubviews()
        applyWords()
        let width = frame.width
        searchBox.frame = Rect(x: 8, y: 6, width: max(0, width - 96), height: Self.searchRowHeight - 12)
        doneButton.frame = Rect(x: max(0, width - 80), y: 6, width: 72, height: Self.searchRowHeight - 12)
        tabBar.frame = Rect(x: 0, y: Self.searchRowHeight, width: width, height: Self.tabRowHeight)
        let gridTop = Self.searchRowHeight + Self.tabRowHeight
        scrollView.frame = Rect(x: 0, y: gridTop, width: width, height: max(0, frame.height - gridTop))
        layoutGrid()
    }

    /// The picker's background and the line above it.
    open override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .keyboardBackground)
        canvas.line(from: Point(x: rect.minX, y: rect.minY), to: Point(x: rect.maxX, y: rect.minY), color: .separator, lineWidth: 1)
    }

    /// ``AccessibilityRole/keyboard``: it stands where the keyboard stood.
    open override var accessibilityRole: AccessibilityRole { .keyboard }

    /// "Emoji", in the window's language.
    open override var accessibilityLabel: String? {
        get { toolkitText(.emojiPicker) }
        set {}
    }

    // MARK: Keys

    /// Takes keys while the picker shows (the window offers them first): see the table above.
    public func handleKeyPress(_ press: KeyPress) -> Bool { routeKey(press) }
}
