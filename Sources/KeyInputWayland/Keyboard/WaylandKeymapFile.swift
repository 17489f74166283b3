import KeyInputKit
import CWayland
import XKB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A keymap as a compositor sends it (`wl_keyboard.keymap`): a file
/// descriptor to map, the format, and the size in bytes, the final NUL included.
///
/// It does not own the descriptor: whoever received it closes it.
package struct WaylandKeymapFile {
    /// The format: `WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1` (1) is the only one compiled.
    package let format: UInt32
    /// The file descriptor holding the keymap text.
    package let descriptor: Int32
    /// The size announced, counting the NUL that ends the text.
    package let size: UInt32

    /// The largest keymap accepted; real ones are about 60 KiB.
    package static let maximumSize: UInt32 = 16 << 20

    /// Describes a keymap file.
    ///
    /// - Parameters:
    ///   - format: The format the compositor named.
    ///   - descriptor: The file descriptor; not closed by this value.
    ///   - size: The size the compositor announced, counting the final NUL.
    package init(format: UInt32, descriptor: Int32, size: UInt32) {
        self.format = format
        self.descriptor = descriptor
        self.size = size
    }

    /// Maps the file read-only (`MAP_PRIVATE`), checks it, and compiles its text.
    ///
    /// - Parameter context: The XKB context to compile in.
    /// - Returns: The compiled keymap.
    /// - Throws: ``HostError`` saying what is wrong: a format other than
    ///   XKB text v1, a size of 0 or over ``maximumSize``, a file shorter
    ///   than the size, a failed `mmap`, text without its final NUL or with
    ///   one before it, text that is not UTF-8, or text that does not compile.
    package func compile(context: Context) throws -> Keymap {
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            throw HostError(.keymapUnavailable, "the compositor sent a keymap in format \(format), not XKB text v1 (1)")
        }
        guard size > 0 else { throw HostError(.keymapUnavailable, "the compositor sent an empty keymap (size 0)") }
        guard size <= Self.maximumSize else {
            throw HostError(.keymapUnavailable, "the compositor sent a keymap of \(size) bytes, more than the 16 MiB accepted")
        }
        // Reading past the file's end through a mapping would crash (SIGBUS).
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw HostError(.keymapUnavailable, "cannot read the keymap's file: \(String(cString: strerror(errno)))")
        }
        guard status.st_size >= Int(size) else {
            throw HostError(.keymapUnavailable, "the keymap's file holds \(status.st_size) bytes, fewer than the \(size) announced")
        }
        let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw HostError(.keymapUnavailable, "cannot map the keymap: \(String(cString: strerror(errno)))")
        }
        defer { munmap(mapped, Int(size)) }
        let bytes = UnsafeRawBufferPointer(start: mapped, count: Int(size))
        guard bytes[bytes.count - 1] == 0 else {
            throw HostError(.keymapUnavailable, "the keymap does not end with a NUL at byte \(size - 1): its size is wrong")
        }
        let body = bytes.dropLast()
        if let nul = body.firstIndex(of: 0) {
            throw HostError(.keymapUnavailable, "the keymap holds a NUL at byte \(nul), before its end at byte \(size - 1)")
        }
        guard let text = String(validating: body, as: UTF8.self) else {
            throw HostError(.keymapUnavailable, "the compositor's keymap is not UTF-8 text")
        }
        do {
            return try Keymap(context: context, text: text, sourceName: "(the compositor's keymap)")
        } catch {
            throw HostError(.keymapUnavailable, "the compositor's keymap does not compile: \(error)")
        }
    }
}
