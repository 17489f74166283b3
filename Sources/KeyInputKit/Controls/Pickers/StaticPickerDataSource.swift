/// A data source of fixed titles: one array of row titles per component.
@MainActor
public final class StaticPickerDataSource: PickerDataSource {
    /// The row titles of each component.
    public var components: [[String]]

    /// Creates a data source with the row titles of each component.
    ///
    /// - Parameter components: One array of row titles per component.
    public init(components: [[String]]) {
        self.components = components
    }

    /// The number of title arrays.
    ///
    /// - Parameter picker: The picker asking.
    /// - Returns: How many arrays ``components`` holds.
    public func numberOfComponents(in picker: Picker) -> Int { components.count }

    /// The number of titles in the component.
    ///
    /// - Parameters:
    ///   - component: The component's index.
    ///   - picker: The picker asking.
    /// - Returns: The length of its array, or 0 outside the arrays.
    public func numberOfRows(inComponent component: Int, of picker: Picker) -> Int {
        components.indices.contains(component) ? components[component].count : 0
    }

    /// The title at the row.
    ///
    /// - Parameters:
    ///   - row: The row's index.
    ///   - component: The component's index.
    ///   - picker: The picker asking.
    /// - Returns: The title, or the empty string outside the arrays.
    public func title(forRow row: Int, inComponent component: Int, of picker: Picker) -> String {
        guard components.indices.contains(component), components[component].indices.contains(row) else { return "" }
        return components[component][row]
    }
}
