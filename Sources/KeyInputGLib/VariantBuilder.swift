import CGio

/// Builds D-Bus values as floating `GVariant`s, which the call that takes them consumes.
///
/// `g_variant_new` is variadic and cannot be called from Swift: each value
/// is built with its own constructor.
package enum VariantBuilder {
    package static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }
    package static func uint32(_ value: UInt32) -> OpaquePointer { g_variant_new_uint32(value) }
    package static func int32(_ value: Int32) -> OpaquePointer { g_variant_new_int32(value) }
    package static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }
    package static func int16(_ value: Int16) -> OpaquePointer { g_variant_new_int16(value) }
    package static func double(_ value: Double) -> OpaquePointer { g_variant_new_double(value) }
    package static func objectPath(_ value: String) -> OpaquePointer { g_variant_new_object_path(value) }
    package static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

    package static func tuple(_ values: [OpaquePointer]) -> OpaquePointer {
        var children: [OpaquePointer?] = values
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    /// An array of `elementType` holding `values` (each of that type).
    package static func array(of elementType: String, _ values: [OpaquePointer]) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children: [OpaquePointer?] = values
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    /// A string-to-string dictionary (`a{ss}`).
    package static func stringDictionary(_ values: [(String, String)]) -> OpaquePointer {
        array(of: "{ss}", values.map { g_variant_new_dict_entry(string($0.0), string($0.1)) })
    }

    /// An empty array of `elementType` (`sv` pairs make an `a{sv}`).
    package static func emptyArray(of elementType: String) -> OpaquePointer {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, nil, 0)
    }
}
