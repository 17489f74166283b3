#!/usr/bin/python3
"""Prints the accessible tree of an application, found by name on the AT-SPI bus, as JSON.

Usage: tree.py APP_NAME [--wait SECONDS]
Exit codes: 0 printed, 1 the application did not appear, 2 usage.
"""
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def node(accessible, depth=0):
    entry = {
        "role": accessible.get_role_name(),
        "name": accessible.get_name() or "",
        "description": accessible.get_description() or "",
        "states": sorted(
            Atspi.StateType(state).value_nick for state in accessible.get_state_set().get_states()
        ),
    }
    interfaces = accessible.get_interfaces()
    if "Text" in interfaces:
        entry["text"] = Atspi.Text.get_text(accessible, 0, -1)
        entry["caret"] = Atspi.Text.get_caret_offset(accessible)
    if "Value" in interfaces:
        entry["value"] = {
            "current": Atspi.Value.get_current_value(accessible),
            "minimum": Atspi.Value.get_minimum_value(accessible),
            "maximum": Atspi.Value.get_maximum_value(accessible),
            "step": Atspi.Value.get_minimum_increment(accessible),
            "text": (accessible.get_attributes() or {}).get("valuetext"),
        }
    if "Action" in interfaces:
        count = Atspi.Action.get_n_actions(accessible)
        entry["actions"] = [Atspi.Action.get_action_name(accessible, i) for i in range(count)]
    if "Component" in interfaces:
        extents = accessible.get_extents(Atspi.CoordType.WINDOW)
        entry["frame"] = [extents.x, extents.y, extents.width, extents.height]
    relations = []
    for relation in accessible.get_relation_set():
        targets = [relation.get_target(i).get_name() for i in range(relation.get_n_targets())]
        relations.append({"type": relation.get_relation_type().value_nick, "targets": targets})
    if relations:
        entry["relations"] = relations
    entry["children"] = [node(accessible.get_child_at_index(i), depth + 1) for i in range(accessible.get_child_count())]
    return entry


def find(name, wait):
    deadline = time.monotonic() + wait
    while True:
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            application = desktop.get_child_at_index(index)
            if application is not None and application.get_name() == name:
                return application
        if time.monotonic() > deadline:
            return None
        time.sleep(0.1)


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    wait = float(arguments[arguments.index("--wait") + 1]) if "--wait" in arguments else 10
    application = find(arguments[0], wait)
    if application is None:
        print(f"no application named {arguments[0]} on the accessibility bus", file=sys.stderr)
        return 1
    print(json.dumps(node(application), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
