import KeyInputGLib
import KeyInputKit

/// `org.a11y.atspi.Action`: what a reader can invoke on a node.
extension AccessibilityBridge {
    func actionCall(_ method: String, _ node: any Accessible, _ arguments: DBusValue) -> [OpaquePointer]? {
        let actions = node.accessibilityActions
        let index = Int(arguments[0]?.int32 ?? -1)
        let action = actions.indices.contains(index) ? actions[index] : nil
        switch method {
        case "GetName", "GetLocalizedName": return [VariantBuilder.string(action?.name ?? "")]
        case "GetDescription": return [VariantBuilder.string(action?.description ?? "")]
        case "GetKeyBinding": return [VariantBuilder.string("")]
        case "GetActions":
            let entries = actions.map {
                VariantBuilder.tuple([
                    VariantBuilder.string($0.name), VariantBuilder.string($0.description), VariantBuilder.string(""),
                ])
            }
            return [VariantBuilder.array(of: "(sss)", entries)]
        case "DoAction": return [VariantBuilder.bool(action?.perform() ?? false)]
        default: return nil
        }
    }
}
