/// What an accessible node is, as assistive technology names it.
///
/// A bridge maps each role to its platform's nearest one (AT-SPI2's
/// `ROLE_PUSH_BUTTON` for ``button``, `ROLE_SPIN_BUTTON` for ``spinButton``).
public enum AccessibilityRole: Sendable, Hashable {
    /// The application, root of the tree.
    case application
    /// A window (``Window``).
    case frame
    /// A container with no meaning of its own (a plain ``View``).
    case panel
    /// Text that names or explains something (``Label``).
    case label
    /// Something to press (``Button``).
    case button
    /// A single-line text field (``TextField``).
    case textField
    /// A text field whose characters are hidden (secure text entry).
    case secureTextField
    /// Multi-line text (``TextView``).
    case textView
    /// One column of a picker: a value stepped up and down.
    case spinButton
    /// A date picker: a container of ``spinButton`` columns.
    case datePicker
    /// A picker: a container of ``spinButton`` columns.
    case picker
    /// A bar of buttons, such as the input accessory bar.
    case toolBar
    /// An on-screen keyboard.
    case keyboard
    /// One key of an on-screen keyboard.
    case keyboardKey
    /// A view that scrolls its content (``ScrollView``).
    case scrollPane
    /// A menu (``MenuView``), or a submenu's row.
    case menu
    /// An item of a menu that runs an action.
    case menuItem
    /// An item of a menu that shows a check mark.
    case checkMenuItem
    /// A line between groups of menu items.
    case separator
    /// An app's own role name; a bridge reports the closest role it knows.
    case custom(String)
}
