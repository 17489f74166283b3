/// Key names in the order a keyboard shows them: the digit row (`TLDE`, `AE01`…),
/// then the rows below (`AD`, `AC`, `AB`; `BKSL` after `AD12`, `LSGT` before
/// `AB01`), the space bar, then every other key by keycode.
enum KeyboardOrder {
    static func sorted(_ keys: [(name: String, keycode: UInt32)]) -> [String] {
        keys.sorted { rank($0) < rank($1) }.map(\.name)
    }

    private static func rank(_ key: (name: String, keycode: UInt32)) -> (Int, Int, UInt32) {
        let rows: [String: Int] = ["AE": 0, "AD": 1, "AC": 2, "AB": 3]
        switch key.name {
        case "TLDE": return (0, 0, 0)
        case "BKSL": return (1, 13, 0)
        case "LSGT": return (3, 0, 0)
        case "SPCE": return (4, 0, 0)
        default: break
        }
        if key.name.count == 4, let row = rows[String(key.name.prefix(2))], let column = Int(key.name.suffix(2)) {
            return (row, column, 0)
        }
        return (5, 0, key.keycode)
    }
}
