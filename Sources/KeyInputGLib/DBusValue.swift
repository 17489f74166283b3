import CGio

/// A D-Bus value read out of a `GVariant`, as Swift values: what crosses
/// from GLib's callbacks to the main actor.
package enum DBusValue: Hashable, Sendable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case bool(Bool)
    case floatingPoint(Double)
    /// A tuple, array or dictionary entry: its children in order.
    case container([DBusValue])
    /// A value boxed in a `v`.
    indirect case boxed(DBusValue)
    /// A type neither IBus nor a screen reader sends (bytes, handles).
    case other(String)

    /// Reads a `GVariant` without taking its reference.
    package init(_ variant: OpaquePointer) {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type {
        case "s", "o", "g": self = .string(String(cString: g_variant_get_string(variant, nil)))
        case "u": self = .uint32(g_variant_get_uint32(variant))
        case "i": self = .int32(g_variant_get_int32(variant))
        case "b": self = .bool(g_variant_get_boolean(variant) != 0)
        case "d": self = .floatingPoint(g_variant_get_double(variant))
        case "v":
            let inner = g_variant_get_variant(variant)!
            defer { g_variant_unref(inner) }
            self = .boxed(DBusValue(inner))
        default:
            guard g_variant_is_container(variant) != 0 else {
                self = .other(type)
                return
            }
            self = .container(
                (0..<g_variant_n_children(variant)).map { index in
                    let child = g_variant_get_child_value(variant, index)!
                    defer { g_variant_unref(child) }
                    return DBusValue(child)
                })
        }
    }

    /// A child of a container, or `nil` past its end or for a plain value.
    package subscript(index: Int) -> DBusValue? {
        guard case .container(let children) = unboxed, children.indices.contains(index) else { return nil }
        return children[index]
    }

    /// The value inside a `v`, or the value itself.
    package var unboxed: DBusValue {
        if case .boxed(let inner) = self { return inner.unboxed }
        return self
    }

    package var string: String? { if case .string(let value) = unboxed { value } else { nil } }
    package var uint32: UInt32? { if case .uint32(let value) = unboxed { value } else { nil } }
    package var int32: Int32? { if case .int32(let value) = unboxed { value } else { nil } }
    package var bool: Bool? { if case .bool(let value) = unboxed { value } else { nil } }
    /// A number of any of the types a reader writes (`d`, `i`, `u`).
    package var double: Double? {
        switch unboxed {
        case .floatingPoint(let value): value
        case .int32(let value): Double(value)
        case .uint32(let value): Double(value)
        default: nil
        }
    }
    package var children: [DBusValue] { if case .container(let values) = unboxed { values } else { [] } }
}
