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
            core.add(ibus)
        }
        window.inputMethod = inputMethod
    }

    /// Reads where the window is on the screen (one round trip), when an input method needs it.
    func refreshScreenOrigin() {
        guard inputMethod != nil, let origin = windowOriginOnScreen(), origin != screenOrigin else { return }
        screenOrigin = origin
        (inputMethod as? IBusInputMethod)?.windowDidMove()
    }
}
