import CGio

/// Builds D-Bus values as floating `GVariant`s, which the call that takes them consumes.
///
/// `g_variant_new` is variadic and cannot be called from Swift: each value
/// is built with its own constructor.
enum VariantBuilder {
    static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }
    static func uint32(_ value: UInt32) -> OpaquePointer { g_variant_new_uint32(value) }
    static func int32(_ value: Int32) -> OpaquePointer { g_variant_new_int32(value) }
    static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }
    static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    static func tuple(_ values: [OpaquePointer]) -> OpaquePointer {
        var children: [OpaquePointer?] = values
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// An empty array of `elementType` (`sv` pairs make an `a{sv}`).
    static func emptyArray(of elementType: String) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, nil, 0)
    }
}
