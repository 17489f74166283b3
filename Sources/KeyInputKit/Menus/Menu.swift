/// A list of menu elements with a title: the edit menu itself, a submenu,
/// or a group shown inline between separators — UIKit's `UIMenu`.
///
/// ```swift
/// let format = Menu(title: "Format", children: [
///     MenuAction(title: "Bold", keyboardShortcut: KeyboardShortcut("b", modifiers: .control)) { _ in }
/// ])
/// let menu = Menu(children: suggestedActions + [format])
/// ```
@MainActor
public final class Menu: MenuElement {
    /// How a menu shows inside the menu that holds it.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Its elements show in the parent menu, between separators, instead of behind a submenu row.
        public static let displayInline = Options(rawValue: 1 << 0)
    }

    /// The elements, in the order shown.
    public let children: [MenuElement]
    /// How the menu shows inside its parent.
    public let options: Options

    /// Creates a menu.
    ///
    /// - Parameters:
    ///   - title: The title of a submenu's row; empty for the top menu and inline groups.
    ///   - identifier: A name for code to find the menu by.
    ///   - options: ``Options/displayInline`` to show the elements between separators.
    ///   - children: The elements, in the order shown.
    public init(title: String = "", identifier: String? = nil, options: Options = [], children: [MenuElement]) {
        self.children = children
        self.options = options
        super.init(title: title, identifier: identifier)
    }

    /// A copy with other children, keeping the title, identifier and options.
    ///
    /// - Parameter children: The new elements.
    /// - Returns: The new menu.
    public func replacingChildren(_ children: [MenuElement]) -> Menu {
        Menu(title: title, identifier: identifier, options: options, children: children)
    }

    /// The actions in this menu and its submenus and groups, depth first.
    public var allActions: [MenuAction] {
        children.flatMap { element -> [MenuAction] in
            if let action = element as? MenuAction { return [action] }
            return (element as? Menu)?.allActions ?? []
        }
    }

    /// The first action, here or in a submenu or group, whose ``MenuElement/identifier`` is `identifier`.
    ///
    /// - Parameter identifier: The identifier looked for, such as `"copy"`.
    /// - Returns: The action, or `nil`.
    public func action(identifiedBy identifier: String) -> MenuAction? {
        allActions.first { $0.identifier == identifier }
    }
}
