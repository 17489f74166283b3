import KeyInputKit

/// An error reported by the X11 host: now the hosts' shared error type.
@available(*, deprecated, renamed: "HostError")
public typealias X11Error = HostError
