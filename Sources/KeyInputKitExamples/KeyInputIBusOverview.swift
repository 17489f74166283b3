import KeyInputIBus
import KeyInputKit

/// The KeyInputIBus catalog's overview and the README's input-method example: the
/// input method the environment chooses, made the window's.
///
/// - Parameter window: The window whose keys go to the input method first.
@MainActor
package func keyInputIBusOverviewExample(window: Window) {
    let choice = InputMethodChoice(environment: IBusDaemonLocator.processEnvironment)
    if let inputMethod = IBusInputMethod(choice: choice) {
        window.inputMethod = inputMethod
    }
}
