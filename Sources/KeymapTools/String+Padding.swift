extension String {
    /// The string padded with spaces to `width` characters, or followed by
    /// one space when it is as wide or wider, so columns never touch.
    package func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
