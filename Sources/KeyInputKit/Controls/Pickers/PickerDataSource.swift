/// Supplies a ``Picker``'s components, rows and titles (UIKit's
/// `UIPickerViewDataSource` and the titles of its delegate).
///
/// The picker asks again only in ``Picker/reloadAllComponents()`` and
/// ``Picker/reloadComponent(_:)``; titles are asked for when needed.
@MainActor
public protocol PickerDataSource: AnyObject {
    /// How many components (columns) the picker has.
    ///
    /// - Parameter picker: The picker asking.
    /// - Returns: The number of components; a negative number counts as 0.
    func numberOfComponents(in picker: Picker) -> Int

    /// How many rows a component has.
    ///
    /// - Parameters:
    ///   - component: The component's index.
    ///   - picker: The picker asking.
    /// - Returns: The number of rows; a negative number counts as 0.
    func numberOfRows(inComponent component: Int, of picker: Picker) -> Int

    /// The title of a row.
    ///
    /// - Parameters:
    ///   - row: The row's index.
    ///   - component: The component's index.
    ///   - picker: The picker asking.
    /// - Returns: The text the picker shows for the row.
    func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String
}
