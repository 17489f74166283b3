#!/usr/bin/python3
"""Acts on one node of an application, as a screen reader would, and prints the answer.

Usage: act.py APP_NAME ROLE NAME ACTION [ARGUMENT...]
Actions: set-text TEXT, insert-text OFFSET TEXT, delete-text START END, set-caret OFFSET,
set-value NUMBER, do-action INDEX, grab-focus.
Exit codes: 0 done (prints true or false), 1 no such application or node, 2 usage.
"""
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402


def find(node, role, name):
    if node.get_role_name() == role and (node.get_name() or "") == name:
        return node
    for index in range(node.get_child_count()):
        found = find(node.get_child_at_index(index), role, name)
        if found is not None:
            return found
    return None


def main(arguments):
    if len(arguments) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    application_name, role, name, action, rest = arguments[0], arguments[1], arguments[2], arguments[3], arguments[4:]
    desktop = Atspi.get_desktop(0)
    applications = [desktop.get_child_at_index(i) for i in range(desktop.get_child_count())]
    application = next((a for a in applications if a is not None and a.get_name() == application_name), None)
    node = find(application, role, name) if application is not None else None
    if node is None:
        print(f"no {role} named {name!r} in {application_name}", file=sys.stderr)
        return 1
    actions = {
        "set-text": lambda: Atspi.EditableText.set_text_contents(node, rest[0]),
        "insert-text": lambda: Atspi.EditableText.insert_text(node, int(rest[0]), rest[1], len(rest[1])),
        "delete-text": lambda: Atspi.EditableText.delete_text(node, int(rest[0]), int(rest[1])),
        "set-caret": lambda: Atspi.Text.set_caret_offset(node, int(rest[0])),
        "set-value": lambda: Atspi.Value.set_current_value(node, float(rest[0])),
        "do-action": lambda: Atspi.Action.do_action(node, int(rest[0])),
        "grab-focus": lambda: Atspi.Component.grab_focus(node),
    }
    if action not in actions:
        print(__doc__, file=sys.stderr)
        return 2
    print("true" if actions[action]() else "false")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
