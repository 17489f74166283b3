import Foundation
import Synchronization
import KeyInputCairo
import KeyInputKit

/// A fresh folder for one test's files, removed with them when the test process exits.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "keyinput-x11-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    TestFolders.removeAtExit(path)
    return path
}

/// The folders the tests made, removed when the process exits.
private enum TestFolders {
    static let paths = Mutex<[String]>([])
    /// Registers the exit handler, once.
    static let exitHandler: Void = { atexit { TestFolders.removeAll() } }()

    static func removeAtExit(_ path: String) {
        _ = exitHandler
        paths.withLock { $0.append(path) }
    }

    static func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}

extension Color {
    /// Whether two colours match to within one step of 8 bits per channel.
    func isClose(to other: Color, tolerance: Double = 1.5 / 255) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
    }

    /// Whether the colour is darker than mid grey: text on the light backgrounds the tests draw.
    var isDark: Bool { (red + green + blue) / 3 < 0.5 }
}

extension CairoCanvas {
    /// The dark pixels (text) inside a rectangle of pixels.
    func darkPixels(in rect: Rect) -> [(x: Int, y: Int)] {
        var found: [(Int, Int)] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where color(atX: x, y: y)?.isDark == true {
                found.append((x, y))
            }
        }
        return found
    }
}
