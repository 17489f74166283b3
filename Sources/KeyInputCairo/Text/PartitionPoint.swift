extension RandomAccessCollection where Index == Int {
    /// The first index whose element fails `isBefore`, for a collection in
    /// which every element that passes comes before every one that fails
    /// (offsets at or before a position, lines above a height); a binary search.
    func partitionPoint(where isBefore: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
