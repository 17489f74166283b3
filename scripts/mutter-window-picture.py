#!/usr/bin/python3
"""Acts on the one window on mutter's first virtual monitor through mutter's own seat, then
writes a PNG of the window with its title bar.

Usage: mutter-window-picture.py OUTPUT.png [ACTION...]
Actions, in order: click:X,Y (a point of the window's content), keys:CHORD[,CHORD...]
(kernel key names, KEY_LEFTSHIFT+KEY_A holds Shift), wait:SECONDS.
Run inside the mutter's session (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR for PipeWire).

A remote-desktop session with a screen cast of the monitor (org.gnome.Mutter.RemoteDesktop
and .ScreenCast, on one connection held to the end, as the tests' MutterRemoteDesktop does)
gives real pointer and key events, decoded with mutter's keymap, and the PipeWire node that
gst-launch-1.0 reads one raw RGB frame from. The window is found by the title bar libdecor's
cairo plugin draws for a focused window (rows of colour 0x080706) and the content below it;
the picture is that box and 16 pixels around it.
Exit codes: 0 written, 1 no screen cast or no window found, 2 usage.
"""
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

TITLE = (0x08, 0x07, 0x06)
TITLE_HEIGHT = 24


MARGIN = 16
RD = "org.gnome.Mutter.RemoteDesktop"
SC = "org.gnome.Mutter.ScreenCast"
BTN_LEFT = 0x110


def key_codes():
    """Kernel key names to codes, from the kernel's header."""
    codes = {}
    with open("/usr/include/linux/input-event-codes.h") as header:
        for line in header:
            parts = line.split()
            if len(parts) >= 3 and parts[0] == "#define" and parts[1].startswith("KEY_"):
                try:
                    codes[parts[1]] = int(parts[2], 0)
                except ValueError:
                    pass
    return codes


class Session:
    """A remote-desktop session on mutter with a screen cast of Meta-0."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        (self.session,) = self.call(RD, "/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession", None)
        (session_id,) = self.call(RD, self.session, "org.freedesktop.DBus.Properties", "Get",
                                  GLib.Variant("(ss)", (RD + ".Session", "SessionId")))
        (cast,) = self.call(SC, "/org/gnome/Mutter/ScreenCast", SC, "CreateSession",
                            GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)))
        (self.stream,) = self.call(SC, cast, SC + ".Session", "RecordMonitor",
                                   GLib.Variant("(sa{sv})", ("Meta-0", {})))
        node = []
        loop = GLib.MainLoop()

        def added(_bus, _sender, _path, _interface, _signal, parameters):
            node.append(parameters.unpack()[0])
            loop.quit()

        self.bus.signal_subscribe(None, SC + ".Stream", "PipeWireStreamAdded", self.stream, None,
                                  Gio.DBusSignalFlags.NONE, added)
        self.call(RD, self.session, RD + ".Session", "Start", None)
        GLib.timeout_add_seconds(10, loop.quit)
        loop.run()
        if not node:
            sys.exit("the screen cast named no PipeWire node")
        self.node = node[0]

    def call(self, name, path, interface, method, parameters):
        return self.bus.call_sync(name, path, interface, method, parameters, None, Gio.DBusCallFlags.NONE,
                                  10000, None).unpack()

    def notify(self, method, signature, *values):
        self.call(RD, self.session, RD + ".Session", method, GLib.Variant(signature, values))

    def move(self, x, y):
        self.notify("NotifyPointerMotionAbsolute", "(sdd)", self.stream, float(x), float(y))

    def button(self, pressed):
        self.notify("NotifyPointerButton", "(ib)", BTN_LEFT, pressed)

    def key(self, code, pressed):
        self.notify("NotifyKeyboardKeycode", "(ub)", code, pressed)

    def frame(self):
        """One frame of the monitor: (width, height, RGB bytes)."""
        with tempfile.NamedTemporaryFile(suffix=".rgb") as raw:
            # mutter sends a new consumer the monitor as it is; the caps say the frame's size.
            caps = subprocess.run(
                ["gst-launch-1.0", "-v", "pipewiresrc", f"path={self.node}", "num-buffers=1", "!", "videoconvert",
                 "!", "video/x-raw,format=RGB", "!", "filesink", f"location={raw.name}"],
                check=True, capture_output=True, text=True).stdout
            line = next(l for l in caps.splitlines() if "filesink" in l and "width=" in l)
            width = int(line.split("width=(int)")[1].split(",")[0])
            height = int(line.split("height=(int)")[1].split(",")[0])
            return width, height, open(raw.name, "rb").read()[: width * height * 3]

    def stop(self):
        self.call(RD, self.session, RD + ".Session", "Stop", None)


def find_window(width, height, rgb):
    """The window's box (x, y, w, h): the widest run of title-bar colour, TITLE_HEIGHT rows of it."""
    def pixel(x, y):
        i = (y * width + x) * 3
        return tuple(rgb[i:i + 3])

    for y in range(height):
        run_start, best = None, (0, 0)
        for x in range(width + 1):
            if x < width and pixel(x, y) == TITLE:
                run_start = x if run_start is None else run_start
            elif run_start is not None:
                best = max(best, (x - run_start, run_start))
                run_start = None
        if best[0] >= 200:
            # The buttons end the bar in the same colour, so the run ends a little before the
            # bar does: the content's rows below give its width.
            left, y0 = best[1], y
            right = left
            while right < width and pixel(right, y0 + TITLE_HEIGHT)[0] > 0xC0:
                right += 1
            content_bottom = y0 + TITLE_HEIGHT
            while content_bottom < height and pixel(left + 2, content_bottom)[0] > 0xC0:
                content_bottom += 1
            return left, y0, right - left, content_bottom - y0
    return None


def write_png(path, width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + row for row in rows)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                   + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    if len(sys.argv) < 2 or any(":" not in action for action in sys.argv[2:]):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    codes = key_codes()
    session = Session()
    # mutter makes each virtual device on its first event, which a client can lose: make them now.
    session.move(0, 0)
    session.key(codes["KEY_LEFTSHIFT"], True)
    session.key(codes["KEY_LEFTSHIFT"], False)
    box = None
    for _ in range(100):
        width, height, rgb = session.frame()
        box = find_window(width, height, rgb)
        if box:
            break
        time.sleep(0.1)
    if box is None:
        sys.exit("no focused window with a title bar on the monitor")
    x, y, w, h = box
    for action in sys.argv[2:]:
        kind, _, value = action.partition(":")
        if kind == "click":
            cx, cy = (int(v) for v in value.split(","))
            session.move(x + cx, y + TITLE_HEIGHT + cy)
            session.button(True)
            session.button(False)
        elif kind == "keys":
            for chord in value.split(","):
                keys = [codes[name] for name in chord.split("+")]
                for code in keys:
                    session.key(code, True)
                for code in reversed(keys):
                    session.key(code, False)
        elif kind == "wait":
            time.sleep(float(value))
        else:
            sys.exit(f"no action {kind}")
    width, height, rgb = session.frame()
    session.stop()
    left, top = max(0, x - MARGIN), max(0, y - MARGIN)
    right, bottom = min(width, x + w + MARGIN), min(height, y + h + MARGIN)
    rows = [rgb[(row * width + left) * 3:(row * width + right) * 3] for row in range(top, bottom)]
    write_png(sys.argv[1], right - left, bottom - top, rows)
    print(f"window at ({x}, {y}), {w}x{h}; picture {right - left}x{bottom - top}")


if __name__ == "__main__":
    main()
