/// A menu item that runs a handler when chosen — UIKit's `UIAction`.
///
/// It may show a keyboard shortcut beside its title (text only: the menu
/// does not bind the key), a check mark, be greyed out, or be marked destructive.
@MainActor
public final class MenuAction: MenuElement {
    /// Whether an item shows a check mark.
    public enum State: Hashable, Sendable {
        /// No mark.
        case off
        /// A check mark: the setting the item stands for is on.
        case on
    }

    /// How an item looks and behaves.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Greyed out; choosing it does nothing and the keyboard skips it.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Drawn in red: it deletes or cannot be undone.
        public static let destructive = Attributes(rawValue: 1 << 1)
    }

    /// The shortcut shown beside the title, such as Ctrl+X.
    public var keyboardShortcut: KeyboardShortcut?
    /// Whether the item shows a check mark.
    public var state: State
    /// Disabled, destructive.
    public var attributes: Attributes {
        didSet { if attributes != oldValue { onChange?() } }
    }
    /// Runs on the main actor when the item is chosen, after the menu closed.
    public let handler: (MenuAction) -> Void
    /// Tells the menu showing the item to draw it again (its enablement arrived late).
    var onChange: (@MainActor () -> Void)?

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - title: The text shown.
    ///   - identifier: A name for code to find the action by (`"copy"`).
    ///   - keyboardShortcut: The shortcut shown beside the title.
    ///   - attributes: ``Attributes/disabled``, ``Attributes/destructive``.
    ///   - state: ``State/on`` for a check mark.
    ///   - handler: Runs on the main actor when the item is chosen; it may capture any object.
    public init(
        title: String, identifier: String? = nil, keyboardShortcut: KeyboardShortcut? = nil,
        attributes: Attributes = [], state: State = .off, handler: @escaping (MenuAction) -> Void
    ) {
        self.keyboardShortcut = keyboardShortcut
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, identifier: identifier)
    }

    /// Whether choosing the item does something: it is not ``Attributes/disabled``.
    public var isEnabled: Bool {
        get { !attributes.contains(.disabled) }
        set { if newValue { attributes.remove(.disabled) } else { attributes.insert(.disabled) } }
    }
}
