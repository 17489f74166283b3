import Foundation
import KeyInputGLib
import KeyInputKit

/// A node of the served tree: the application root, or one of its nodes.
enum ServedNode {
    case application
    case node(any Accessible)
}

extension AccessibilityBridge: DBusObjectHandler {
    func servedNode(at path: String) -> ServedNode? {
        if path == AccessibleObjectTable.rootPath { return .application }
        return objects.node(at: path).map(ServedNode.node)
    }

    package func interfaces(at path: String) -> [String] {
        if path == "/org/a11y/atspi/cache" { return [ATSPIInterfaces.cache] }
        switch servedNode(at: path) {
        case nil: return []
        case .application: return [ATSPIInterfaces.accessible, ATSPIInterfaces.application]
        case .node(let node):
            var names = [ATSPIInterfaces.accessible, ATSPIInterfaces.component]
            if let text = node.accessibilityText {
                names.append(ATSPIInterfaces.text)
                if text.accessibilityIsEditable { names.append(ATSPIInterfaces.editableText) }
            }
            if !node.accessibilityActions.isEmpty { names.append(ATSPIInterfaces.action) }
            if node.accessibilityValue != nil { names.append(ATSPIInterfaces.value) }
            return names
        }
    }

    package func call(path: String, interface: String, method: String, arguments: DBusValue) -> Result<
        OpaquePointer, DBusError
    > {
        if interface == ATSPIInterfaces.cache {
            return .success(VariantBuilder.tuple([VariantBuilder.emptyArray(of: "((so)(so)(so)iiassusau)")]))
        }
        guard let served = servedNode(at: path) else { return .failure(DBusError("\(path) is gone")) }
        let reply: [OpaquePointer]?
        switch (interface, served) {
        case (ATSPIInterfaces.accessible, _): reply = accessibleCall(method, served, arguments)
        case (ATSPIInterfaces.application, .application):
            reply = method == "GetLocale" ? [VariantBuilder.string(localeName)] : nil
        case (ATSPIInterfaces.component, .node(let node)): reply = componentCall(method, node, arguments)
        case (ATSPIInterfaces.text, .node(let node)):
            reply = node.accessibilityText.flatMap { textCall(method, node, $0, arguments) }
        case (ATSPIInterfaces.editableText, .node(let node)):
            reply = node.accessibilityText.flatMap { editableTextCall(method, $0, arguments) }
        case (ATSPIInterfaces.action, .node(let node)): reply = actionCall(method, node, arguments)
        default: reply = nil
        }
        guard let reply else { return .failure(DBusError("\(interface).\(method) is not served here")) }
        return .success(VariantBuilder.tuple(reply))
    }

    package func property(path: String, interface: String, name: String) -> OpaquePointer? {
        guard let served = servedNode(at: path) else { return nil }
        switch (interface, served) {
        case (ATSPIInterfaces.accessible, _): return accessibleProperty(name, served)
        case (ATSPIInterfaces.application, .application):
            switch name {
            case "ToolkitName": return VariantBuilder.string("KeyInputKit")
            case "Version": return VariantBuilder.string("1.0")
            case "AtspiVersion": return VariantBuilder.string("2.1")
            case "Id": return VariantBuilder.int32(applicationID)
            default: return nil
            }
        case (ATSPIInterfaces.text, .node(let node)):
            guard let text = node.accessibilityText else { return nil }
            switch name {
            case "CharacterCount": return VariantBuilder.int32(Int32(text.accessibilityTextContent.unicodeScalars.count))
            case "CaretOffset": return VariantBuilder.int32(Int32(text.accessibilityCaretOffset))
            default: return nil
            }
        case (ATSPIInterfaces.action, .node(let node)):
            return name == "NActions" ? VariantBuilder.int32(Int32(node.accessibilityActions.count)) : nil
        case (ATSPIInterfaces.value, .node(let node)):
            guard let value = node.accessibilityValue else { return nil }
            switch name {
            case "MinimumValue": return VariantBuilder.double(value.minimum)
            case "MaximumValue": return VariantBuilder.double(value.maximum)
            case "MinimumIncrement": return VariantBuilder.double(value.step)
            case "CurrentValue": return VariantBuilder.double(value.current)
            case "Text": return VariantBuilder.string(value.text ?? "")
            default: return nil
            }
        default: return nil
        }
    }

    package func setProperty(path: String, interface: String, name: String, value: DBusValue) -> Bool {
        switch (interface, servedNode(at: path), name) {
        case (ATSPIInterfaces.application, .application, "Id"):
            guard let id = value.int32 else { return false }
            applicationID = id
            return true
        case (ATSPIInterfaces.value, .node(let node), "CurrentValue"):
            guard let number = value.double else { return false }
            return node.setAccessibilityValue(number)
        default: return false
        }
    }

    var localeName: String { ProcessInfo.processInfo.environment["LANG"]?.split(separator: ".").first.map(String.init) ?? "C" }
}
