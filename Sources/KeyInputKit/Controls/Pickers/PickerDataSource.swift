/// Supplies a ``Picker``'s components, rows and titles (UIKit's
/// `UIPickerViewDataSource` and the titles of its delegate).
///
/// The picker asks again only in ``Picker/reloadAllComponents()`` and
/// ``Picker/reloadComponent(_:)``; titles are asked for when needed.
@MainActor
public protocol PickerDataSource: AnyObject {
    /// How many components (columns) the picker has.
    func numberOfComponents(in picker: Picker) -> Int
    /// How many rows a component has.
    func numberOfRows(inComponent component: Int, of picker: Picker) -> Int
    /// The title of a row.
    func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String
}
