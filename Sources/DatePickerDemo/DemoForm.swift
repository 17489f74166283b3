import Foundation
import KeyInputKit

/// A control that shows a date picker instead of a keyboard: its label is the chosen date.
@MainActor
public final class DateField: Control {
    /// The picker shown as this control's input view.
    public let picker: DatePicker
    /// A title for the accessory bar: the field's accessibility label.
    public var placeholder: String {
        get { accessibilityLabel ?? "" }
        set { accessibilityLabel = newValue }
    }

    /// Creates a date field that shows `picker` when it becomes first responder.
    ///
    /// - Parameters:
    ///   - frame: The field's frame in its superview.
    ///   - picker: The date picker shown instead of a keyboard; its value is the field's.
    ///   - placeholder: A title for the accessory bar.
    public init(frame: Rect, picker: DatePicker, placeholder: String) {
        self.picker = picker
        super.init(frame: frame)
        accessibilityLabel = placeholder
        accessibilityDescription = picker.formattedValue
        inputView = picker
        // Through self, not the picker itself: the picker keeps this action, which must not keep the picker.
        picker.addAction(for: .valueChanged) { [weak self] _ in
            guard let self else { return }
            setNeedsDisplay()
            accessibilityDescription = self.picker.formattedValue
        }
    }

    /// A button, as a reader announces a control that opens a picker: its
    /// name is the label ("Birthday"), its description the date it shows,
    /// and while it is first responder the picker's selected column has the focus.
    public override var accessibilityRole: AccessibilityRole { .button }

    /// "press" makes the field first responder, as a click does.
    public override var accessibilityActions: [AccessibilityAction] {
        [AccessibilityAction(name: "press", description: "Shows the date picker") { [weak self] in
            self?.becomeFirstResponder() ?? false
        }]
    }

    /// Whether the field can take focus: while it is enabled.
    public override var canBecomeFirstResponder: Bool { isEnabled }

    /// The date as the label shows it.
    public var valueText: String { picker.formattedValue }

    /// Starts an edit in the picker, so that Escape can restore the date.
    public override func didBecomeFirstResponder() {
        picker.beginEditing()
        super.didBecomeFirstResponder()
    }

    /// Draws the date in a box, outlined in the accent colour while focused.
    public override func draw(in canvas: Canvas, rect: Rect) {
        canvas.fill(rect, color: .white)
        canvas.stroke(rect, color: isFirstResponder ? .accent : .separator, lineWidth: isFirstResponder ? 2 : 1)
        canvas.text(
            valueText, in: rect.inset(by: EdgeInsets(left: 4, right: 4)), color: isFirstResponder ? .accent : .text,
            fontSize: 14, alignment: .leading)
    }
}

/// The demo's form: Name, Birthday (a date picker instead of a keyboard),
/// Quantity (a number pad), Notes (a multi-line text view), an accessory
/// bar, and a Save button.
///
/// The window shows the on-screen keyboard even with a hardware keyboard
/// attached, so that a person sees the number pad the Quantity field asks for.
/// The Name, Birthday and Notes fields and the status line stretch with the window's width.
@MainActor
public final class DemoForm {
    /// The window, 480×640 points at first.
    public let window: Window
    /// The Name field (`name`): Return moves to the next field.
    public let name: TextField
    /// The Birthday field (`birthday`): a date picker instead of a keyboard.
    public let birthday: DateField
    /// The Quantity field (`quantity`): a number pad.
    public let quantity: TextField
    /// The Notes view (`notes`): several lines; Return starts a new line, Tab moves on.
    public let notes: TextView
    /// The Save button (`save`): it writes what was entered into ``status``.
    public let save: Button
    /// The status line (`status`).
    public let status: Label
    /// The scroll view that holds the form (`form`), as large as the window:
    /// it keeps the focused field above the keyboard when the window is too
    /// short for both.
    public let scrollView: ScrollView
    /// Previous / Next / Done above every input view of the form, titled
    /// with the focused field's placeholder.
    public let accessoryBar = InputAccessoryBar()

    /// Builds the form in a 480×640 window.
    ///
    /// - Parameters:
    ///   - initialDate: The birthday shown at first.
    ///   - calendar: The calendar and time zone of the date picker.
    ///   - locale: The locale the date is written in, and the emoji picker's search reads.
    public init(initialDate: Date, calendar: Calendar, locale: Locale) {
        let window = FormWindow(size: Size(width: 480, height: 640))
        self.window = window
        window.identifier = "window"
        window.title = "Date picker demo"
        window.onScreenKeyboardPolicy = .always
        window.emojiPicker.locale = locale.identifier

        let title = Label(text: "Sign up", frame: Rect(x: 24, y: 16, width: 300, height: 32))
        title.identifier = "title"
        let nameLabel = Label(text: "Name", frame: Rect(x: 24, y: 64, width: 120, height: 40))
        name = TextField(
            frame: Rect(x: 144, y: 64, width: 300, height: 40), placeholder: "Name",
            traits: TextInputTraits(returnKeyType: .next, autocapitalizationType: .words, textContentType: .name))
        name.identifier = "name"

        let birthdayLabel = Label(text: "Birthday", frame: Rect(x: 24, y: 120, width: 120, height: 40))
        let picker = DatePicker()
        picker.calendar = calendar
        picker.locale = locale
        picker.timeZone = calendar.timeZone
        picker.datePickerMode = .date
        picker.maximumDate = initialDate.addingTimeInterval(0)
        picker.date = initialDate
        birthday = DateField(frame: Rect(x: 144, y: 120, width: 300, height: 40), picker: picker, placeholder: "Birthday")
        birthday.identifier = "birthday"

        let quantityLabel = Label(text: "Quantity", frame: Rect(x: 24, y: 176, width: 120, height: 40))
        quantity = TextField(
            frame: Rect(x: 144, y: 176, width: 120, height: 40), placeholder: "Quantity",
            traits: TextInputTraits(keyboardType: .numberPad))
        quantity.identifier = "quantity"

        let notesLabel = Label(text: "Notes", frame: Rect(x: 24, y: 232, width: 120, height: 40))
        notes = TextView(frame: Rect(x: 144, y: 232, width: 300, height: Self.notesHeight))
        notes.placeholder = "Notes"
        notes.identifier = "notes"

        status = Label(text: "", frame: Rect(x: 24, y: Self.statusY, width: 420, height: 32))
        status.identifier = "status"
        save = Button(title: "Save", frame: Rect(x: 24, y: Self.saveY, width: 120, height: 40))
        save.identifier = "save"
        save.becomesFirstResponderOnPress = false

        birthday.inputAccessoryView = accessoryBar
        quantity.inputAccessoryView = accessoryBar
        name.inputAccessoryView = accessoryBar
        notes.inputAccessoryView = accessoryBar

        scrollView = ScrollView(frame: window.bounds)
        scrollView.identifier = "form"
        scrollView.contentSize = Size(width: 480, height: status.frame.maxY + 16)
        // Each label names its field for assistive technology.
        name.accessibilityLabelledBy = nameLabel
        birthday.accessibilityLabelledBy = birthdayLabel
        quantity.accessibilityLabelledBy = quantityLabel
        notes.accessibilityLabelledBy = notesLabel
        for view in [
            title, nameLabel, name, birthdayLabel, birthday, quantityLabel, quantity, notesLabel, notes, save, status,
        ] as [View] {
            scrollView.addSubview(view)
        }
        window.addSubview(scrollView)
        window.layout = { [unowned self] in self.layout(in: $0) }
        save.addAction(for: .primaryActionTriggered) { [weak self] _ in
            guard let self else { return }
            self.status.text = "Saved \(self.name.text.isEmpty ? "(no name)" : self.name.text), \(self.birthday.valueText), quantity \(self.quantity.text.isEmpty ? "0" : self.quantity.text)"
        }
    }

    /// About four lines of 14-point text (17 points each) and the view's padding.
    static let notesHeight = 88.0
    /// Save sits 16 points below Notes, the status line 16 below Save.
    static let saveY = 232 + notesHeight + 16
    static let statusY = saveY + 40 + 16

    /// Fits the scroll view to the window and stretches the Name, Birthday
    /// and Notes fields and the status line to its width, keeping the form's
    /// 36-point right margin (24 for the status line).
    ///
    /// - Parameter size: The window's size.
    func layout(in size: Size) {
        scrollView.frame = Rect(origin: .zero, size: size)
        let fieldWidth = max(120, size.width - 180)
        name.frame = Rect(x: 144, y: 64, width: fieldWidth, height: 40)
        birthday.frame = Rect(x: 144, y: 120, width: fieldWidth, height: 40)
        notes.frame = Rect(x: 144, y: 232, width: fieldWidth, height: Self.notesHeight)
        status.frame = Rect(x: 24, y: Self.statusY, width: max(120, size.width - 60), height: 32)
        scrollView.contentSize = Size(width: size.width, height: status.frame.maxY + 16)
    }

    /// The controls reported in `--state`, in order.
    public var controls: [View] { [name, birthday, quantity, notes, save, status] }

    /// A control's value as `--state` reports it: a field's or Notes' text
    /// (line breaks included), the date as Birthday shows it, a title.
    ///
    /// - Parameter view: One of ``controls``.
    /// - Returns: The value; empty for a view that has none.
    public func value(of view: View) -> String {
        switch view {
        case let text as TextEditingControl: text.text
        case let date as DateField: date.valueText
        case let button as Button: button.title
        case let label as Label: label.text
        default: ""
        }
    }
}

/// The demo's window: its layout pass lays the form out for its width.
@MainActor
private final class FormWindow: Window {
    /// Lays the form out for a width.
    var layout: ((Size) -> Void)?

    override func layoutSubviews() {
        super.layoutSubviews()
        layout?(frame.size)
    }
}
