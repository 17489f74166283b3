import KeyInputGLib
import KeyInputKit

/// `org.a11y.atspi.Accessible`: the tree, names, roles, states and relations.
extension AccessibilityBridge {
    func parent(of node: any Accessible) -> ServedNode {
        if let parent = node.accessibilityParent { return .node(parent) }
        return .application
    }

    func children(of served: ServedNode) -> [any Accessible] {
        switch served {
        case .application: application.accessibilityWindows
        case .node(let node): node.accessibilityChildren
        }
    }

    func reference(to served: ServedNode) -> OpaquePointer {
        switch served {
        case .application: rootReference
        case .node(let node): reference(to: node)
        }
    }

    func role(of served: ServedNode) -> ATSPIRole {
        switch served {
        case .application: ATSPIRole(.application)
        case .node(let node): ATSPIRole(node.accessibilityRole)
        }
    }

    func accessibleCall(_ method: String, _ served: ServedNode, _ arguments: DBusValue) -> [OpaquePointer]? {
        switch method {
        case "GetChildAtIndex":
            let children = children(of: served)
            let index = Int(arguments[0]?.int32 ?? -1)
            return [reference(to: children.indices.contains(index) ? children[index] : nil)]
        case "GetChildren":
            return [VariantBuilder.array(of: "(so)", children(of: served).map { reference(to: $0) })]
        case "GetIndexInParent":
            guard case .node(let node) = served else { return [VariantBuilder.int32(-1)] }
            let siblings = children(of: parent(of: node))
            return [VariantBuilder.int32(Int32(siblings.firstIndex { $0 === node } ?? -1))]
        case "GetRelationSet":
            guard case .node(let node) = served else { return [VariantBuilder.emptyArray(of: "(ua(so))")] }
            let relations = node.accessibilityRelations.map { relation -> OpaquePointer in
                let type: UInt32
                switch relation {
                case .labelFor: type = 1
                case .labelledBy: type = 2
                }
                let targets = VariantBuilder.array(of: "(so)", [reference(to: relation.target)])
                return VariantBuilder.tuple([VariantBuilder.uint32(type), targets])
            }
            return [VariantBuilder.array(of: "(ua(so))", relations)]
        case "GetRole": return [VariantBuilder.uint32(role(of: served).number)]
        case "GetRoleName", "GetLocalizedRoleName": return [VariantBuilder.string(role(of: served).name)]
        case "GetState":
            let words: [UInt32]
            switch served {
            case .application: words = [0, 0]
            case .node(let node): words = node.accessibilityStates.atspiWords
            }
            return [VariantBuilder.array(of: "u", words.map(VariantBuilder.uint32))]
        case "GetAttributes":
            var attributes = [("toolkit", "KeyInputKit")]
            if case .node(let node) = served {
                if case .custom(let name) = node.accessibilityRole { attributes.append(("xml-roles", name)) }
                // What readers say for a value ("March" rather than 3), as browsers give aria-valuetext.
                if let text = node.accessibilityValue?.text { attributes.append(("valuetext", text)) }
            }
            return [VariantBuilder.stringDictionary(attributes)]
        case "GetApplication": return [rootReference]
        case "GetInterfaces":
            let path: String
            switch served {
            case .application: path = AccessibleObjectTable.rootPath
            case .node(let node): path = objects.path(of: node)
            }
            return [VariantBuilder.array(of: "s", interfaces(at: path).map(VariantBuilder.string))]
        default: return nil
        }
    }

    func accessibleProperty(_ name: String, _ served: ServedNode) -> OpaquePointer? {
        switch (name, served) {
        case ("Name", .application): return VariantBuilder.string(application.accessibilityName)
        case ("Name", .node(let node)): return VariantBuilder.string(node.accessibilityLabel ?? "")
        case ("Description", .node(let node)): return VariantBuilder.string(node.accessibilityDescription ?? "")
        case ("Description", .application), ("HelpText", _), ("AccessibleId", _): return VariantBuilder.string("")
        case ("Parent", .application): return reference(bus: desktop.bus, path: desktop.path)
        case ("Parent", .node(let node)): return reference(to: parent(of: node))
        case ("ChildCount", _): return VariantBuilder.int32(Int32(children(of: served).count))
        case ("Locale", _): return VariantBuilder.string(localeName)
        default: return nil
        }
    }
}
