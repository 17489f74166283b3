import Foundation
import KeyInputCairo
import KeyInputKit
import TestSupport

/// An RGB picture to look at pixel by pixel: a screenshot of an X window
/// (`xwd`), or a PNG the demo wrote.
struct Pixels: CustomStringConvertible {
    let width: Int
    let height: Int
    /// 0xRRGGBB, row by row.
    let rgb: [UInt32]

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads a PNG through cairo.
    @MainActor
    init(png path: String) throws {
        let canvas = try CairoCanvas(contentsOfPNG: path)
        var rgb: [UInt32] = []
        rgb.reserveCapacity(canvas.pixelWidth * canvas.pixelHeight)
        for y in 0..<canvas.pixelHeight {
            for x in 0..<canvas.pixelWidth {
                let color = canvas.color(atX: x, y: y) ?? .black
                rgb.append(Self.pack(color.red, color.green, color.blue))
            }
        }
        width = canvas.pixelWidth
        height = canvas.pixelHeight
        self.rgb = rgb
    }

    /// Reads a PNG through cairo, on the main actor (cairo canvases live there).
    static func load(png path: String) async throws -> Pixels {
        try await MainActor.run { try Pixels(png: path) }
    }

    /// Reads an XWD file (`xwd -id WINDOW -out FILE`) of a 24- or 32-bit TrueColor window.
    init(xwd path: String) throws {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 100 else {
            throw Unreadable(description: "\(path): not an XWD file")
        }
        let bytes = [UInt8](data)
        func header(_ index: Int) -> Int {
            let offset = index * 4
            return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
        }
        let headerSize = header(0), version = header(1), byteOrder = header(7), bitsPerPixel = header(11)
        let bytesPerLine = header(12), colors = header(19)
        let masks = (red: header(14), green: header(15), blue: header(16))
        width = header(4)
        height = header(5)
        guard version == 7, bitsPerPixel == 32 else {
            throw Unreadable(description: "\(path): XWD version \(version), \(bitsPerPixel) bits per pixel; expected 7 and 32")
        }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else {
            throw Unreadable(description: "\(path): XWD file is cut short")
        }
        func channel(_ value: Int, _ mask: Int) -> UInt32 {
            guard mask != 0 else { return 0 }
            return UInt32((value & mask) >> mask.trailingZeroBitCount) & 0xff
        }
        var rgb: [UInt32] = []
        rgb.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = start + y * bytesPerLine + x * 4
                let b = (0..<4).map { Int(bytes[offset + $0]) }
                let value = byteOrder == 0 ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
                rgb.append(
                    channel(value, masks.red) << 16 | channel(value, masks.green) << 8 | channel(value, masks.blue))
            }
        }
        self.rgb = rgb
    }

    static func pack(_ red: Double, _ green: Double, _ blue: Double) -> UInt32 {
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    var description: String { "\(width)×\(height) picture" }

    /// The colour at a pixel, as 0xRRGGBB.
    subscript(x: Int, y: Int) -> UInt32 { rgb[y * width + x] }

    /// Whether a pixel is within 2 of a colour in each channel.
    func pixel(x: Int, y: Int, is color: Color) -> Bool {
        let value = self[x, y]
        let expected = Self.pack(color.red, color.green, color.blue)
        return (0..<3).allSatisfy { shift in
            let a = Int((value >> (8 * UInt32(shift))) & 0xff), b = Int((expected >> (8 * UInt32(shift))) & 0xff)
            return abs(a - b) <= 2
        }
    }

    /// How many pixels in a rectangle are `color` (within 2 in each channel).
    func count(of color: Color, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where pixel(x: x, y: y, is: color) { count += 1 }
        }
        return count
    }

    /// How many pixels in a rectangle are dark (text, mostly).
    func darkPixelCount(in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let value = self[x, y]
                let sum = (value >> 16) + ((value >> 8) & 0xff) + (value & 0xff)
                if sum < 3 * 128 { count += 1 }
            }
        }
        return count
    }

    /// The share of pixels (0…1) whose colour differs from `other`'s by more
    /// than `tolerance` in some channel.
    func differingShare(from other: Pixels, tolerance: Int = 8) -> Double {
        precondition(width == other.width && height == other.height)
        var differing = 0
        for (a, b) in zip(rgb, other.rgb) where a != b {
            for shift in [0, 8, 16] where abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff)) > tolerance {
                differing += 1
                break
            }
        }
        return Double(differing) / Double(rgb.count)
    }
}
