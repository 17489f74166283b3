import KeyInputKit

/// Records an application's accessibility events as short lines a test compares.
@MainActor
public final class AccessibilityEventRecorder {
    public private(set) var lines: [String] = []
    private var token: ObservationToken?
    /// Held so the window's application lives as long as the recording.
    public let application: Application

    public init(_ application: Application) {
        self.application = application
        token = application.observeAccessibility { [unowned self] in self.lines.append(Self.line($0)) }
    }

    public func stop() { token?.cancel() }
    public func clear() { lines = [] }

    /// The lines that start with one of `kinds` ("inserted", "caret", …).
    public func lines(_ kinds: String...) -> [String] {
        lines.filter { line in kinds.contains { line.hasPrefix($0 + " ") } }
    }

    public static func name(_ node: (any Accessible)?) -> String {
        guard let node else { return "nil" }
        if let view = node as? View, let identifier = view.identifier { return identifier }
        return node.accessibilityLabel ?? "\(node.accessibilityRole)"
    }

    public static func line(_ event: AccessibilityEvent) -> String {
        switch event {
        case .focusChanged(let from, let to): "focus \(name(from))→\(name(to))"
        case .textInserted(let node, let offset, let text): "inserted \(name(node)) \(offset) \(text.debugDescription)"
        case .textDeleted(let node, let offset, let text): "deleted \(name(node)) \(offset) \(text.debugDescription)"
        case .caretMoved(let node, let offset): "caret \(name(node)) \(offset)"
        case .selectionChanged(let node): "selection \(name(node))"
        case .markedTextChanged(let node): "marked \(name(node))"
        case .valueChanged(let node): "value \(name(node)) \(node.accessibilityValue?.text ?? "-")"
        case .nameChanged(let node): "name \(name(node)) \(node.accessibilityLabel ?? "nil")"
        case .stateChanged(let node, let states, let isOn): "state \(name(node)) \(states.rawValue) \(isOn ? "on" : "off")"
        case .childrenChanged(let parent, let child, let index, let added):
            "children \(name(parent)) \(added ? "+" : "-")\(name(child)) at \(index)"
        case .windowActivated(let window): "activated \(name(window))"
        case .windowDeactivated(let window): "deactivated \(name(window))"
        }
    }
}
