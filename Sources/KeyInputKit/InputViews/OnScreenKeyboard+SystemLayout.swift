import Logging
import XKB

extension OnScreenKeyboard {
    /// Shows the system's layout (the app's choice, else the configured one)
    /// while no hardware keyboard is attached, with the environment's compose table.
    func takeSystemLayout() {
        let wanted = (hostWindow ?? window)?.application?.onScreenKeyboardLayout ?? SystemKeyboardLayout.current()
        guard wanted != shownSystemLayout || virtualKeyboard == nil, let keymap = SystemLayoutKeymaps.keymap(for: wanted)
        else { return }
        shownSystemLayout = wanted
        use(keymap, composeTable: LocaleComposeTables.table(for: .environment))
    }
}

/// Keymaps of system layouts, compiled once each and shared by every on-screen keyboard.
@MainActor
enum SystemLayoutKeymaps {
    private static var compiled: [RuleNames: Keymap] = [:]
    private static let logger = Logger(label: "KeyInputKit.OnScreenKeyboard")

    static func keymap(for layout: SystemKeyboardLayout) -> Keymap? {
        if let known = compiled[layout.names] { return known }
        do {
            let keymap = try layout.makeKeymap(context: Context(options: .noEnvironmentNames))
            compiled[layout.names] = keymap
            return keymap
        } catch {
            // An app's own choice that does not compile: said once, and the pads still work.
            logger.error("on-screen keyboard layout \"\(layout)\" does not compile: \(error)")
            compiled[layout.names] = nil
            return nil
        }
    }
}
