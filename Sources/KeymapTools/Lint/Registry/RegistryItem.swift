/// One entry of a registry file (`evdev.xml`, `evdev.extras.xml`): a model, layout,
/// variant, option group or option, with what its `configItem` says.
struct RegistryItem {
    /// Which list the entry is in.
    enum Kind: String { case model, layout, variant, group, option }

    /// A value and the line it is on.
    struct Located {
        var value: String
        var line: Int
    }

    var kind: Kind
    /// The line the entry starts on.
    var line: Int
    var name: Located?
    var shortDescription: Located?
    var description: Located?
    var countries: [Located] = []
    var languages: [Located] = []
    /// A layout's variants, or an option group's options.
    var children: [RegistryItem] = []

    /// How findings name it: `layout "us"`, `variant "us(intl)"`.
    func label(parent: RegistryItem? = nil) -> String {
        let own = name?.value ?? "(no name)"
        if kind == .variant, let parentName = parent?.name?.value { return "variant \"\(parentName)(\(own))\"" }
        return "\(kind.rawValue) \"\(own)\""
    }
}

/// A registry file as read: its models, layouts and option groups.
struct RegistryDocument {
    var models: [RegistryItem] = []
    var layouts: [RegistryItem] = []
    var groups: [RegistryItem] = []
}
