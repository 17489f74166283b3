import CXCB
import KeyInputIBus
import KeyInputKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension X11Host {
    /// Makes ``inputMethod`` the window's, with the caret rect in screen coordinates.
    func attachInputMethod() {
        guard let inputMethod else {
            window.inputMethod = nil
            return
        }
        refreshScreenOrigin()
        if let ibus = inputMethod as? IBusInputMethod {
            ibus.windowOrigin = { [weak self] in self?.screenOrigin ?? .zero }
            loop.add(ibus)
        }
        window.inputMethod = inputMethod
    }

    /// Reads where the window is on the screen (one round trip), when an input method needs it.
    func refreshScreenOrigin() {
        guard inputMethod != nil, let screen = connection.screen else { return }
        let c = connection.pointer
        let cookie = xcb_translate_coordinates(c, xWindow, screen.pointee.root, 0, 0)
        guard let reply = xcb_translate_coordinates_reply(c, cookie, nil) else { return }
        defer { free(reply) }
        let origin = Point(x: Double(reply.pointee.dst_x), y: Double(reply.pointee.dst_y))
        guard origin != screenOrigin else { return }
        screenOrigin = origin
        (inputMethod as? IBusInputMethod)?.windowDidMove()
    }
}
