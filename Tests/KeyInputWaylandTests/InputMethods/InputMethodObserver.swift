import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real input method on sway that only watches: a small C client of
/// input-method-unstable-v2 that prints each event the compositor sends it
/// (`activate`, `deactivate`, `content_type HINT PURPOSE`, `done`) and
/// types nothing. Unlike Fcitx5 and squeekboard it makes no virtual
/// keyboard, so the seat keeps no keyboard at all. Compiled with `cc` once
/// per run, started as sway's user; stopped when released.
final class InputMethodObserver {
    /// Whether a C compiler and libwayland-client's headers are installed.
    static let isAvailable =
        executablePath("cc") != nil && FileManager.default.fileExists(atPath: "/usr/include/wayland-client.h")

    private let process: ChildProcess
    private let outputPath: String
    private let folder: TemporaryFolder

    /// Starts the observer on `sway` and waits until it has its input method.
    init(on sway: HeadlessSway) throws {
        let program = try Self.built.get()
        folder = try TemporaryFolder()
        outputPath = try folder.write("events.txt", "")
        guard chown(folder.path, 65534, 65534) == 0, chown(outputPath, 65534, 65534) == 0 else {
            throw SwayFailure("cannot chown \(folder.path)")
        }
        let output = open(outputPath, O_WRONLY)
        defer { close(output) }
        process = try sway.startClient([program], stdoutDescriptor: output)
        try waitUntil("the input method observer is ready", timeout: 10, turn: { usleep(10_000) }) {
            lines.contains("ready")
        }
    }

    /// What the compositor sent, one event a line.
    var lines: [String] {
        String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
    }

    /// The `zwp_text_input_v3` purpose of each `content_type` event, in order.
    var purposes: [UInt32] {
        lines.compactMap { line in
            let words = line.split(separator: " ")
            return words.first == "content_type" && words.count == 3 ? UInt32(words[2]) : nil
        }
    }

    deinit {
        process.stop(grace: 1)
    }

    private static let built: Result<String, SwayFailure> = build()

    private static func build() -> Result<String, SwayFailure> {
        do {
            // World-readable: the client runs as sway's user.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keyinput-im-observer-\(getpid())")
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            let source = folder.appendingPathComponent("observer.c").path
            try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
            let program = folder.appendingPathComponent("observer").path
            let result = try ChildProcess.run(["cc", "-std=c99", "-Wall", "-o", program, source, "-lwayland-client"])
            guard result.status == 0 else { return .failure(SwayFailure("cc could not build the observer: \(result)")) }
            return .success(program)
        } catch {
            return .failure(SwayFailure("building the observer failed: \(error)"))
        }
    }

    private static let source = #"""
/* An input method (input-method-unstable-v2) that only observes: it prints
 * each event the compositor sends it, one line each, and types nothing.
 * The part of the protocol it uses is declared here by hand, from the
 * protocol's message signatures: wayland-protocols 1.31 has no XML for it. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <wayland-client.h>

static const struct wl_interface im_interface;
static const struct wl_interface *get_types[] = {&wl_seat_interface, &im_interface};
static const struct wl_interface *no_types[] = {NULL, NULL, NULL};
static const struct wl_message manager_requests[] = {
    {"get_input_method", "on", get_types},
    {"destroy", "", no_types},
};
static const struct wl_interface manager_interface = {
    "zwp_input_method_manager_v2", 1, 2, manager_requests, 0, NULL};
static const struct wl_message im_events[] = {
    {"activate", "", no_types},          {"deactivate", "", no_types}, {"surrounding_text", "suu", no_types},
    {"text_change_cause", "u", no_types}, {"content_type", "uu", no_types}, {"done", "", no_types},
    {"unavailable", "", no_types},
};
static const struct wl_interface im_interface = {"zwp_input_method_v2", 1, 0, NULL, 7, im_events};

struct im_listener {
    void (*activate)(void *, struct wl_proxy *);
    void (*deactivate)(void *, struct wl_proxy *);
    void (*surrounding_text)(void *, struct wl_proxy *, const char *, uint32_t, uint32_t);
    void (*text_change_cause)(void *, struct wl_proxy *, uint32_t);
    void (*content_type)(void *, struct wl_proxy *, uint32_t, uint32_t);
    void (*done)(void *, struct wl_proxy *);
    void (*unavailable)(void *, struct wl_proxy *);
};

static void say(const char *line) { printf("%s\n", line); fflush(stdout); }
static void activate(void *d, struct wl_proxy *p) { say("activate"); }
static void deactivate(void *d, struct wl_proxy *p) { say("deactivate"); }
static void surrounding(void *d, struct wl_proxy *p, const char *t, uint32_t c, uint32_t a) {}
static void cause(void *d, struct wl_proxy *p, uint32_t c) {}
static void content(void *d, struct wl_proxy *p, uint32_t hint, uint32_t purpose) {
    printf("content_type %u %u\n", hint, purpose); fflush(stdout);
}
static void done(void *d, struct wl_proxy *p) { say("done"); }
static void unavailable(void *d, struct wl_proxy *p) { say("unavailable"); }
static const struct im_listener listener = {activate, deactivate, surrounding, cause, content, done, unavailable};

static struct wl_proxy *seat, *manager;
static void global(void *d, struct wl_registry *r, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, "wl_seat") == 0 && !seat) seat = wl_registry_bind(r, name, &wl_seat_interface, 1);
    if (strcmp(interface, "zwp_input_method_manager_v2") == 0) manager = wl_registry_bind(r, name, &manager_interface, 1);
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener registry_listener = {global, global_remove};

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!seat || !manager) { fprintf(stderr, "no seat or no zwp_input_method_manager_v2\n"); return 1; }
    struct wl_proxy *im = wl_proxy_marshal_constructor(manager, 0, &im_interface, seat, NULL);
    wl_proxy_add_listener(im, (void (**)(void))&listener, NULL);
    wl_display_roundtrip(display);
    say("ready");
    while (wl_display_dispatch(display) != -1) {}
    return 0;
}
"""#
}
