import KeyInputGLib
import KeyInputKit

/// Every model event as the AT-SPI signal GTK sends for it, with the
/// `(siiva{sv})` body: detail, two numbers, a value, and no properties.
extension AccessibilityBridge {
    static let objectEvents = "org.a11y.atspi.Event.Object"
    static let windowEvents = "org.a11y.atspi.Event.Window"

    func post(_ event: AccessibilityEvent) {
        switch event {
        case .focusChanged:
            break  // sent as the focused state's change, as GTK3 does
        case .textInserted(let node, let offset, let text), .textDeleted(let node, let offset, let text):
            let kind = if case .textInserted = event { "insert" } else { "delete" }
            emit(
                node, Self.objectEvents, "TextChanged", kind, offset, text.unicodeScalars.count,
                VariantBuilder.string(text))
        case .caretMoved(let node, let offset): emit(node, Self.objectEvents, "TextCaretMoved", "", offset, 0)
        case .selectionChanged(let node): emit(node, Self.objectEvents, "TextSelectionChanged", "", 0, 0)
        case .markedTextChanged(let node): emit(node, Self.objectEvents, "TextAttributesChanged", "", 0, 0)
        case .valueChanged(let node):
            let current = node.accessibilityValue?.current ?? 0
            emit(node, Self.objectEvents, "PropertyChange", "accessible-value", 0, 0, VariantBuilder.double(current))
        case .nameChanged(let node):
            let name = VariantBuilder.string(node.accessibilityLabel ?? "")
            emit(node, Self.objectEvents, "PropertyChange", "accessible-name", 0, 0, name)
        case .stateChanged(let node, let states, let isOn):
            for name in states.atspiNames {
                emit(node, Self.objectEvents, "StateChanged", name, isOn ? 1 : 0, 0)
            }
        case .childrenChanged(let parent, let child, let index, let added):
            emit(
                parent, Self.objectEvents, "ChildrenChanged", added ? "add" : "remove", index, 0,
                reference(to: child))
        case .windowActivated(let window):
            emit(window, Self.windowEvents, "Activate", "", 0, 0, VariantBuilder.string(window.accessibilityLabel ?? ""))
            emit(window, Self.objectEvents, "StateChanged", "active", 1, 0)
        case .windowDeactivated(let window):
            emit(window, Self.objectEvents, "StateChanged", "active", 0, 0)
            emit(
                window, Self.windowEvents, "Deactivate", "", 0, 0, VariantBuilder.string(window.accessibilityLabel ?? ""))
        }
    }

    private func emit(
        _ node: any Accessible, _ interface: String, _ member: String, _ detail: String, _ first: Int, _ second: Int,
        _ value: OpaquePointer = VariantBuilder.int32(0)
    ) {
        guard let connection, status == .registered else { return }
        let body = VariantBuilder.tuple([
            VariantBuilder.string(detail), VariantBuilder.int32(Int32(clamping: first)),
            VariantBuilder.int32(Int32(clamping: second)), VariantBuilder.boxed(value),
            VariantBuilder.emptyArray(of: "{sv}"),
        ])
        connection.emitSignal(path: objects.path(of: node), interface: interface, member: member, body)
    }
}
