import KeyInputGLib
import KeyInputKit

/// `org.a11y.atspi.Component`: where a node is, what is at a point, and focus.
extension AccessibilityBridge {
    /// AT-SPI's coordinate types (`AtspiCoordType`).
    enum CoordinateType: UInt32 {
        case screen = 0, window = 1, parent = 2
    }

    /// A rect in window coordinates, moved into the coordinates a reader asked for.
    func convert(_ rect: Rect, of node: any Accessible, to type: UInt32) -> Rect {
        var origin = Point.zero
        switch CoordinateType(rawValue: type) ?? .screen {
        case .screen: origin = node.accessibilityWindow.map(screenOrigin) ?? .zero
        case .window: break
        case .parent:
            let parentFrame = node.accessibilityParent?.accessibilityFrameInWindow ?? .zero
            origin = Point(x: -parentFrame.minX, y: -parentFrame.minY)
        }
        return Rect(x: rect.minX + origin.x, y: rect.minY + origin.y, width: rect.width, height: rect.height)
    }

    func extents(_ rect: Rect) -> [OpaquePointer] {
        [rect.minX, rect.minY, rect.width, rect.height].map { VariantBuilder.int32(Int32($0.rounded())) }
    }

    /// The deepest showing node under a point in window coordinates.
    func node(at point: Point, in node: any Accessible) -> any Accessible {
        for child in node.accessibilityChildren.reversed()
        where child.accessibilityStates.contains(.showing) && child.accessibilityFrameInWindow.contains(point) {
            return self.node(at: point, in: child)
        }
        return node
    }

    func componentCall(_ method: String, _ node: any Accessible, _ arguments: DBusValue) -> [OpaquePointer]? {
        let frame = node.accessibilityFrameInWindow
        switch method {
        case "GetExtents":
            return [VariantBuilder.tuple(extents(convert(frame, of: node, to: arguments[0]?.uint32 ?? 0)))]
        case "GetPosition":
            return Array(extents(convert(frame, of: node, to: arguments[0]?.uint32 ?? 0)).prefix(2))
        case "GetSize": return Array(extents(frame).suffix(2))
        case "Contains", "GetAccessibleAtPoint":
            let type = arguments[2]?.uint32 ?? 0
            let shown = convert(frame, of: node, to: type)
            let x = Double(arguments[0]?.int32 ?? 0), y = Double(arguments[1]?.int32 ?? 0)
            let inside = shown.contains(Point(x: x, y: y))
            if method == "Contains" { return [VariantBuilder.bool(inside)] }
            guard inside else { return [reference(to: nil)] }
            let windowPoint = Point(x: x - shown.minX + frame.minX, y: y - shown.minY + frame.minY)
            let found = self.node(at: windowPoint, in: node)
            return [reference(to: found === node ? nil : found)]
        case "GetLayer": return [VariantBuilder.uint32(node is Window ? 7 : 3)]  // window or widget layer
        case "GetMDIZOrder": return [VariantBuilder.int16(0)]
        case "GrabFocus": return [VariantBuilder.bool(node.accessibilityFocus())]
        case "GetAlpha": return [VariantBuilder.double(1)]
        default: return nil
        }
    }
}
