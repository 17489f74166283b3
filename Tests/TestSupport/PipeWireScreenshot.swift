import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether GStreamer can read a PipeWire stream and write a PNG
/// (`gstreamer1.0-tools`, `-pipewire`, `-plugins-base`, `-plugins-good`).
public let pipeWireScreenshotsAvailable: Bool = {
    guard executablePath("gst-launch-1.0") != nil else { return false }
    let plugins = ["libgstpipewire.so", "libgstpng.so", "libgstvideoconvertscale.so"]
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
        .map { "/usr/lib/\($0)/gstreamer-1.0" } + ["/usr/lib/gstreamer-1.0"]
    return plugins.allSatisfy { plugin in
        folders.contains { FileManager.default.fileExists(atPath: "\($0)/\(plugin)") }
    }
}()

/// Writes one frame of a PipeWire video node as a PNG file, with
/// `gst-launch-1.0 pipewiresrc path=NODE num-buffers=3 ! videoconvert ! pngenc snapshot=true`.
///
/// Each call connects to the stream anew, so the frame is what the node
/// shows now (mutter sends the monitor's current picture to a new consumer).
///
/// - Parameters:
///   - node: The PipeWire node id, such as ``MutterRemoteDesktop/pipeWireNode``.
///   - path: Where to write the PNG.
///   - environment: The environment PipeWire's socket is found in (`XDG_RUNTIME_DIR`).
/// - Throws: ``MutterFailure`` when GStreamer fails or writes nothing.
public func pipeWireScreenshot(node: UInt32, to path: String, environment: [String: String?]) throws {
    let output = try ChildProcess.run(
        ["gst-launch-1.0", "-q", "pipewiresrc", "path=\(node)", "num-buffers=3", "!", "videoconvert", "!", "pngenc",
         "snapshot=true", "!", "filesink", "location=\(path)"],
        environment: environment, timeout: 20)
    var info = stat()
    guard output.status == 0, stat(path, &info) == 0, info.st_size > 0 else {
        throw MutterFailure("no screenshot of PipeWire node \(node) in \(path): \(output)")
    }
}
