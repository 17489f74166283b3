extension Window {
    /// The window's direction when no view forces one: ``layoutDirection``,
    /// else the direction of its ``locale``'s language, else the environment's.
    var resolvedLayoutDirection: UserInterfaceLayoutDirection {
        if let layoutDirection { return layoutDirection }
        if let locale { return UserInterfaceLayoutDirection(locale: locale) }
        return .environment
    }
}
