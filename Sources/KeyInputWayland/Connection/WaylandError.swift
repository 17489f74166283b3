import KeyInputKit

/// An error from the Wayland host: now the hosts' shared error type.
@available(*, deprecated, renamed: "HostError")
public typealias WaylandError = HostError
