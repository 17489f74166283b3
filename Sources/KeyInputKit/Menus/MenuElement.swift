/// Something a menu holds: an action (``MenuAction``) or a menu
/// (``Menu``), shown as a submenu or inline between separators — UIKit's
/// `UIMenuElement`.
@MainActor
public class MenuElement {
    /// The text the menu shows for the element.
    public let title: String
    /// A name for the element that does not change with the language, so
    /// that code can find or remove it (`"cut"`, `"paste"`); `nil` for none.
    public let identifier: String?

    init(title: String, identifier: String?) {
        self.title = title
        self.identifier = identifier
    }
}
