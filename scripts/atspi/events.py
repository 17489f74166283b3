#!/usr/bin/python3
"""Records AT-SPI events as JSON lines until SIGTERM; prints "ready" on standard error once listening.

Usage: events.py EVENT_TYPE... (such as object:text-changed object:state-changed:focused)
Each line: type, source role and name, detail1, detail2 and any_data (as text).
"""
import json
import signal
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402


def record(event):
    source = event.source
    data = event.any_data
    if isinstance(data, Atspi.Accessible):
        data = data.get_name()
    line = {
        "type": event.type,
        "role": source.get_role_name() if source else "",
        "name": (source.get_name() if source else "") or "",
        "detail1": event.detail1,
        "detail2": event.detail2,
        "data": data if isinstance(data, (str, int, float)) or data is None else str(data),
    }
    if source is not None and "Value" in source.get_interfaces():
        line["value"] = Atspi.Value.get_current_value(source)
    print(json.dumps(line), flush=True)


def main(types):
    if not types:
        print(__doc__, file=sys.stderr)
        return 2
    listener = Atspi.EventListener.new(record)
    for event_type in types:
        listener.register(event_type)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: Atspi.event_quit() or False)
    GLib.idle_add(lambda: print("ready", file=sys.stderr, flush=True) or False)
    Atspi.event_main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
