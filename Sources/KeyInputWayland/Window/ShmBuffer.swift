import CCairo
import CWayland
import Glibc
import KeyInputCairo
import KeyInputKit

/// The one owner of a shared-memory pixel buffer: the mapped memory, the
/// `wl_buffer` the compositor reads, and the cairo surface that draws into
/// the same bytes (ARGB32 is `WL_SHM_FORMAT_ARGB8888`).
///
/// The compositor holds a buffer from `attach` until its `release` event;
/// ``isBusy`` says which of a window's buffers may be drawn on.
package final class ShmBuffer {
    /// Width and height in pixels.
    package let width: Int, height: Int
    /// The buffer to attach to a surface.
    package let buffer: WaylandProxy
    /// A cairo surface over the buffer's memory.
    package let surface: CairoSurface
    /// `true` from attaching until the compositor releases the buffer.
    package var isBusy = false
    /// The part of the buffer, in points, that no longer shows the window as
    /// it is: all of it when new, then what later frames drew into the
    /// other buffer. `nil` when it is up to date.
    package var staleRect: Rect?
    /// Called when the compositor releases the buffer (inside a dispatch).
    package var onRelease: (() -> Void)?
    private let memory: UnsafeMutableRawPointer
    private let byteCount: Int
    private let listener: ListenerStorage<wl_buffer_listener>

    /// Creates a `width` × `height` buffer in a new shared-memory file.
    ///
    /// - Throws: ``HostError`` when the memory cannot be made or shared,
    ///   ``CairoError`` when cairo cannot draw into it.
    package init(shm: WaylandProxy, width: Int, height: Int) throws {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        guard width > 0, height > 0, stride > 0, stride * height <= Int(Int32.max) else {
            throw HostError(.windowCreationFailed, "cannot make a \(width)×\(height) pixel buffer")
        }
        let byteCount = stride * height
        let fd = try Self.anonymousFile(size: byteCount)
        defer { close(fd) }
        guard let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED
        else { throw HostError(.windowCreationFailed, "cannot map a \(byteCount)-byte buffer: \(String(cString: strerror(errno)))") }
        self.memory = memory
        self.byteCount = byteCount
        self.width = width
        self.height = height
        do {
            let pool = try WaylandProxy(
                wl_shm_create_pool(shm.pointer, fd, Int32(byteCount)), "wl_shm_pool", parent: shm,
                destroy: wl_shm_pool_destroy)
            // The buffer keeps the pool's memory; the pool itself can go once the buffer exists.
            buffer = try WaylandProxy(
                wl_shm_pool_create_buffer(
                    pool.pointer, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue),
                "wl_buffer", parent: shm, destroy: wl_buffer_destroy)
            surface = try CairoSurface(
                adopting: cairo_image_surface_create_for_data(
                    memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                    Int32(stride)))
        } catch {
            munmap(memory, byteCount)
            throw error
        }
        listener = ListenerStorage(
            wl_buffer_listener(release: { data, _ in
                guard let data else { return }
                let buffer = Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue()
                buffer.isBusy = false
                buffer.onRelease?()
            }))
        wl_buffer_add_listener(buffer.pointer, listener.pointer, Unmanaged.passUnretained(self).toOpaque())
    }

    /// A file of `size` bytes with no name (`shm_open`, then `shm_unlink`).
    private static func anonymousFile(size: Int) throws -> Int32 {
        for attempt in 0..<100 {
            let name = "/keyinput-wayland-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt)"
            let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                break
            }
            shm_unlink(name)
            guard ftruncate(fd, off_t(size)) == 0 else {
                close(fd)
                break
            }
            return fd
        }
        throw HostError(.windowCreationFailed, "cannot make shared memory for a buffer: \(String(cString: strerror(errno)))")
    }

    deinit {
        // Neither cairo nor libwayland touches the bytes when destroying the surface or buffer.
        munmap(memory, byteCount)
    }
}
