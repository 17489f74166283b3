import KeyInputKit

/// An AT-SPI role (`AtspiRole`): its number on the wire and its name.
struct ATSPIRole: Equatable {
    var number: UInt32
    var name: String

    /// The roles the bridge uses, and those a custom role may name.
    static let known: [String: UInt32] = [
        "alert": 2, "calendar": 5, "canvas": 6, "check box": 7, "check menu item": 8, "color chooser": 9, "combo box": 11,
        "date editor": 12, "dial": 15, "dialog": 16, "drawing area": 18, "filler": 20, "frame": 23, "icon": 26,
        "image": 27, "label": 29, "list": 31, "list item": 32, "menu": 33, "menu bar": 34, "menu item": 35,
        "page tab": 37, "page tab list": 38, "panel": 39, "password text": 40, "progress bar": 42,
        "push button": 43, "radio button": 44, "scroll bar": 48, "scroll pane": 49, "separator": 50,
        "slider": 51, "spin button": 52, "split pane": 53, "status bar": 54, "table": 55, "table cell": 56,
        "text": 61, "toggle button": 62, "tool bar": 63, "tool tip": 64, "tree": 65, "window": 69,
        "heading": 83, "application": 75, "entry": 79, "section": 85, "form": 87, "link": 88,
        "list box": 98, "grouping": 99, "notification": 101, "level bar": 103, "rating": 114, "timer": 115,
        "static": 116,
    ]

    /// The AT-SPI role for a model role; a custom role is the known role its
    /// name spells (any case, `_` or `-` for spaces, `button` for `push button`),
    /// else a panel.
    init(_ role: AccessibilityRole) {
        let name: String
        switch role {
        case .application: name = "application"
        case .frame: name = "frame"
        case .panel, .picker, .keyboard: name = "panel"
        case .label: name = "label"
        case .button, .keyboardKey: name = "push button"
        case .textField, .textView: name = "text"
        case .secureTextField: name = "password text"
        case .spinButton: name = "spin button"
        case .datePicker: name = "date editor"
        case .toolBar: name = "tool bar"
        case .scrollPane: name = "scroll pane"
        case .menu: name = "menu"
        case .menuItem: name = "menu item"
        case .checkMenuItem: name = "check menu item"
        case .separator: name = "separator"
        case .custom(let custom): name = Self.closestName(to: custom)
        }
        self.name = name
        number = Self.known[name] ?? 39
    }

    static func closestName(to custom: String) -> String {
        let spelled = custom.lowercased().map { $0 == "_" || $0 == "-" ? " " : $0 }
        let words = String(spelled).split(separator: " ").joined(separator: " ")
        if known[words] != nil { return words }
        let aliases = ["button": "push button", "checkbox": "check box", "textfield": "text", "switch": "toggle button"]
        if let alias = aliases[words.replacingOccurrences(of: " ", with: "")] { return alias }
        return "panel"
    }
}
