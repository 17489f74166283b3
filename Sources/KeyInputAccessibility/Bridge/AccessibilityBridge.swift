import Foundation
import KeyInputGLib
import KeyInputKit
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Puts an application's windows and controls on the AT-SPI2 accessibility
/// bus, where screen readers such as Orca read and drive them.
///
/// The bridge serves the platform-neutral model of `KeyInputKit`
/// (`Accessible`, `AccessibleText`, `Application.observeAccessibility(_:)`)
/// over D-Bus with GDBus: the application at
/// `/org/a11y/atspi/accessible/root`, every other node at a path of its own,
/// with the Accessible, Application, Component, Text, EditableText, Action
/// and Value interfaces, and an AT-SPI event for every accessibility event.
///
/// It finds the bus as libatspi does (``AccessibilityBusLocation``) and
/// never blocks the app on it: the session bus is asked without waiting, and
/// with no bus at all the bridge stays off. A host waits on
/// ``pollDescriptors()`` with its own descriptors and calls ``dispatch()``
/// after each wait; it offers each key to the screen reader with
/// ``offerKey(_:)`` before handling it.
///
/// ```swift
/// let bridge = AccessibilityBridge(application: application)
/// // in the host's loop:
/// var descriptors = hostDescriptors + bridge.pollDescriptors()
/// poll(&descriptors, nfds_t(descriptors.count), timeout)
/// bridge.dispatch()
/// ```
@MainActor
public final class AccessibilityBridge: HostLoopSource {
    /// What the bridge is doing.
    public enum Status: Equatable, Sendable {
        /// No accessibility bus was found; the bridge does nothing.
        case off
        /// Asking the session bus for the accessibility bus, or registering.
        case connecting
        /// Embedded in the registry: screen readers see the application.
        case registered
        /// Finding or joining the bus failed (logged); the bridge does nothing.
        case failed(String)
    }

    /// The application served.
    public let application: Application
    /// What the bridge is doing.
    public private(set) var status: Status = .off
    /// Where a window's top-left corner is on the screen, for screen
    /// coordinates; the window's own coordinates by default.
    public var screenOrigin: @MainActor (Window) -> Point = { _ in .zero }
    /// How long a key offered to the screen reader may wait for its answer,
    /// in seconds. After three timeouts in a row keys are no longer offered.
    public var keyTimeout = 0.5

    let context = MainContext()
    var connection: DBusConnection?
    var sessionConnection: DBusConnection?
    var server: DBusObjectServer?
    var objects = AccessibleObjectTable()
    /// The registry's desktop, the application's parent.
    var desktop: (bus: String, path: String) = ("", AccessibleObjectTable.nullPath)
    var applicationID: Int32 = 0
    var observation: ObservationToken?
    var offersKeys = true
    var keyTimeouts = 0
    let logger = Logger(label: "KeyInputAccessibility")

    /// Starts joining the accessibility bus; returns at once.
    ///
    /// - Parameters:
    ///   - application: The application whose windows are shown to screen readers.
    ///   - location: Where the bus is; by default found from the process's environment.
    public init(
        application: Application,
        location: AccessibilityBusLocation = AccessibilityBusLocation(environment: ProcessInfo.processInfo.environment)
    ) {
        self.application = application
        switch location {
        case .none: status = .off
        case .address(let address): join(address)
        case .sessionBus(let address): ask(sessionBus: address)
        }
    }

    /// Leaves the bus: the application disappears from screen readers.
    public func stop() {
        observation?.cancel()
        observation = nil
        server = nil
        connection = nil
        sessionConnection = nil
        if status == .registered || status == .connecting { status = .off }
    }

    // MARK: The host's loop

    /// The descriptors the host's wait includes (readable: call ``dispatch()``).
    public func pollDescriptors() -> [pollfd] {
        guard connection != nil || sessionConnection != nil else { return [] }
        return context.prepareToPoll().descriptors
    }

    /// How long the host may wait before calling ``dispatch()``, in seconds; `nil` when only the descriptors matter.
    public var nextTimeout: Double? {
        guard connection != nil || sessionConnection != nil else { return nil }
        return context.prepareToPoll().timeout
    }

    /// Answers the calls that arrived and sends what is queued, without waiting.
    public func dispatch() {
        guard connection != nil || sessionConnection != nil else { return }
        context.dispatch()
    }

    // MARK: Joining

    private func ask(sessionBus address: String) {
        do {
            let session = try DBusConnection(address: address, context: context)
            sessionConnection = session
            status = .connecting
            session.call(
                "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, timeout: 10, autoStart: true
            ) { [weak self] result in
                guard let self else { return }
                self.sessionConnection = nil
                switch result {
                case .success(let reply):
                    guard let address = reply[0]?.string, !address.isEmpty else {
                        return self.fail("the session bus named no accessibility bus")
                    }
                    self.join(address)
                case .failure(let error): self.fail("no accessibility bus: \(error.message)")
                }
            }
        } catch {
            fail("no session bus at \(address): \(error)")
        }
    }

    private func join(_ address: String) {
        do {
            let bus = try DBusConnection(address: address, context: context)
            let server = try DBusObjectServer(connection: bus, introspectionXML: ATSPIInterfaces.xml)
            try server.serveSubtree(AccessibleObjectTable.prefix, handler: self)
            try server.serveObject("/org/a11y/atspi/cache", interface: ATSPIInterfaces.cache, handler: self)
            connection = bus
            self.server = server
            status = .connecting
            let root = reference(bus: bus.uniqueName, path: AccessibleObjectTable.rootPath)
            bus.call(
                "org.a11y.atspi.Registry", AccessibleObjectTable.rootPath, "org.a11y.atspi.Socket", "Embed",
                VariantBuilder.tuple([root]), timeout: 10, autoStart: true
            ) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let reply):
                    if let parent = reply[0], let bus = parent[0]?.string, let path = parent[1]?.string {
                        self.desktop = (bus, path)
                    }
                    self.status = .registered
                    self.observation = self.application.observeAccessibility { [weak self] in self?.post($0) }
                case .failure(let error): self.fail("the accessibility registry refused the application: \(error.message)")
                }
            }
        } catch {
            fail("could not join the accessibility bus at \(address): \(error)")
        }
    }

    private func fail(_ message: String) {
        logger.info("\(message); the application is not shown to screen readers")
        status = .failed(message)
        server = nil
        connection = nil
    }

    // MARK: References

    /// An object reference, `(so)`.
    func reference(bus: String, path: String) -> OpaquePointer {
        VariantBuilder.tuple([VariantBuilder.string(bus), VariantBuilder.objectPath(path)])
    }

    /// The reference of a node of this application.
    func reference(to node: (any Accessible)?) -> OpaquePointer {
        reference(bus: connection?.uniqueName ?? "", path: node.map { objects.path(of: $0) } ?? AccessibleObjectTable.nullPath)
    }

    /// The application root's reference.
    var rootReference: OpaquePointer {
        reference(bus: connection?.uniqueName ?? "", path: AccessibleObjectTable.rootPath)
    }
}
