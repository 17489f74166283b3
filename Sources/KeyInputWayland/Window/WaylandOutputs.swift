import CWayland

/// The compositor's outputs and the scale each asks clients to draw at
/// (`wl_output.scale`): a HiDPI screen says 2.
///
/// Outputs plugged in after the window opened are not followed.
@MainActor
package final class WaylandOutputs {
    /// Each output's object and its scale, 1 until it says otherwise.
    private var outputs: [(proxy: WaylandProxy, scale: Int32)] = []
    private let listener: ListenerStorage<wl_output_listener>
    /// Called when an output's scale changed.
    package var onScaleChange: (() -> Void)?

    /// Binds every output at version 2 (the first with `scale`), its
    /// listener attached at once.
    package init(globals: WaylandGlobals) {
        listener = ListenerStorage(
            wl_output_listener(
                geometry: { _, _, _, _, _, _, _, _, _, _ in },
                mode: { _, _, _, _, _, _ in },
                done: { _, _ in },
                scale: { data, output, factor in
                    WaylandOutputs.with(data) { $0.setScale(factor, of: output) }
                },
                name: { _, _, _ in },  // version 4; bound at 2
                description: { _, _, _ in }))
        let me = Unmanaged.passUnretained(self).toOpaque()
        for proxy in globals.bindAll(wl_output_interface_pointer(), version: 2, destroy: Self.release(output:)) {
            wl_output_add_listener(proxy.pointer, listener.pointer, me)
            outputs.append((proxy, 1))
        }
    }

    /// The scale of an output a surface entered, 1 for one not known.
    package func scale(of output: OpaquePointer?) -> Int32 {
        outputs.first { $0.proxy.pointer == output }?.scale ?? 1
    }

    private func setScale(_ factor: Int32, of output: OpaquePointer?) {
        guard let index = outputs.firstIndex(where: { $0.proxy.pointer == output }) else { return }
        let scale = max(1, factor)
        guard outputs[index].scale != scale else { return }
        outputs[index].scale = scale
        onScaleChange?()
    }

    /// Gives an output back: `release` from version 3, else only forgotten.
    private nonisolated static func release(output: OpaquePointer) {
        if wl_output_get_version(output) >= WL_OUTPUT_RELEASE_SINCE_VERSION {
            wl_output_release(output)
        } else {
            wl_output_destroy(output)
        }
    }

    private nonisolated static func with(_ data: UnsafeMutableRawPointer?, _ body: @MainActor (WaylandOutputs) -> Void) {
        guard let data else { return }
        let outputs = Unmanaged<WaylandOutputs>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { body(outputs) }
    }
}
