import Foundation
import KeymapTools
import TestSupport
import Testing

/// `keyinput compile --x11-check`: what the X server's own compiler, xkbcomp, makes of a keymap.
@Suite(.enabled(if: X11Check.xkbcompPath() != nil, "needs xkbcomp (x11-xkb-utils)"))
struct X11CheckTests {
    @Test func usIsHeldByX11() throws {
        let result = try Keyinput.run("compile", "--x11-check", "--layout", "us")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("X11 holds this keymap (xkbcomp compiled it"), "\(result)")
        #expect(!result.stdout.contains("error:"), "\(result)")
    }

    @Test func theProjectsOwnKeymapsAreHeldByX11() throws {
        for name in ["programmer-us", "esperanto-us", "yoruba-us"] {
            let result = try Keyinput.run("compile", "--x11-check", "--keymap", packageRoot + "/keymaps/\(name).xkb")
            #expect(result.status == 0, "\(name): \(result)")
        }
    }

    @Test func aFifthGroupIsFoundInTheFileThoughLibxkbcommonDroppedIt() throws {
        let file = packageRoot + "/keymaps/x11/five-groups.xkb"
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\(file):9: error: gr:5 in include"), "\(result)")
        #expect(result.stdout.contains("X11 holds four groups"), "\(result)")
        // libxkbcommon's own word on it, since xkbcomp never sees the fifth group.
        #expect(result.stdout.contains("Cannot set explicit group to 5"), "\(result)")
        #expect(result.stdout.contains("1 problem for X11"), "\(result)")
    }

    @Test func aFifthGroupLibxkbcommonRefusesIsStillReported() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "refused.xkb",
            """
            xkb_keymap {
                xkb_keycodes { include "evdev" };
                xkb_types { include "complete" };
                xkb_compat { include "complete" };
                xkb_symbols {
                    include "pc+us+inet(evdev)"
                    key <AC01> { symbols[Group1] = [ a, A ], symbols[Group5] = [ e, E ] };
                };
            };
            """)
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\(file):7: error: Group5 asks for a group past the fourth"), "\(result)")
        #expect(result.stderr.contains("keymap does not compile"), "\(result)")
    }

    @Test func aLongKeyNameIsCaughtWithXkbcompsOwnMessage() throws {
        let file = packageRoot + "/keymaps/x11/long-key-name.xkb"
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\(file):4: error: key name <LONGNAME> has 8 characters"), "\(result)")
        // xkbcomp's words, with the line of the text it was given.
        #expect(result.stdout.contains("xkbcomp (line 5 of the keymap as X11 takes it): syntax error: line 5 of x11-keymap.xkb"), "\(result)")
        #expect(result.stdout.contains("last scanned symbol is: LONGNAME"), "\(result)")
        #expect(result.stdout.contains("xkbcomp did not compile it"), "\(result)")
    }

    @Test func keysAbove255TheFileDefinesAreCaught() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "high.xkb",
            """
            xkb_keymap {
                xkb_keycodes { include "evdev" <MYKY> = 300; };
                xkb_types { include "complete" };
                xkb_compat { include "complete" };
                xkb_symbols {
                    include "pc+us+inet(evdev)"
                    key <MYKY> { [ F13 ] };
                };
            };
            """)
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("\(file):2: error: <MYKY> is keycode 300"), "\(result)")
        #expect(result.stdout.contains("Key <MYKY> not found in (unnamed) keycodes"), "\(result)")
        #expect(result.stdout.contains("1 problem for X11"), "\(result)")
    }

    @Test func aCompiledStockKeymapIsHeldThoughItListsEvdevsKeysAbove255() throws {
        // keyinput compile writes every evdev keycode, <I256> to <I708> too: X11 drops those for every keymap.
        let folder = try TemporaryFolder()
        let us = try Keyinput.run("compile", "--layout", "de")
        let file = try folder.write("de.xkb", bytes: Array(us.stdoutData))
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("X11 holds this keymap"), "\(result)")
    }

    @Test func anUnknownActionIsRefusedByLibxkbcommonBeforeXkbcomp() throws {
        // libxkbcommon 1.5 and xkbcomp know the same actions: one neither knows stops at libxkbcommon.
        let folder = try TemporaryFolder()
        let us = try Keyinput.run("compile", "--layout", "us")
        let text = us.stdout.replacingOccurrences(of: "SetMods(modifiers=Shift", with: "FooMods(modifiers=Shift")
        try #require(text != us.stdout)
        let file = try folder.write("unknown-action.xkb", text)
        let result = try Keyinput.run("compile", "--x11-check", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Unknown action FooMods"), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test func withoutXkbcompItSaysWhichPackage() throws {
        let result = try Keyinput.run(["compile", "--x11-check", "--layout", "us"], extraEnvironment: ["PATH": "/nonexistent"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("xkbcomp") && result.stderr.contains("x11-xkb-utils"), "\(result)")
    }

    @Test func jsonGivesEachFindingWithXkbcompsWordsAndTheLines() throws {
        let file = packageRoot + "/keymaps/x11/long-key-name.xkb"
        let result = try Keyinput.run("compile", "--x11-check", "--json", "--keymap", file)
        #expect(result.status == 1, "\(result)")
        let report = try #require(try jsonObject(result) as? [String: Any], "\(result)")
        #expect(report["holds"] as? Bool == false)
        #expect(report["xkbcompCompiled"] as? Bool == false)
        let findings = try #require(report["findings"] as? [[String: Any]])
        let long = try #require(findings.first { $0["kind"] as? String == "long-key-name" }, "\(findings)")
        #expect(long["file"] as? String == file)
        #expect(long["line"] as? Int == 4)
        #expect(findings.contains { ($0["xkbcomp"] as? String)?.contains("last scanned symbol is: LONGNAME") == true })

        let clean = try Keyinput.run("compile", "--x11-check", "--json", "--layout", "us")
        #expect(clean.status == 0, "\(clean)")
        let held = try #require(try jsonObject(clean) as? [String: Any], "\(clean)")
        #expect(held["holds"] as? Bool == true)
        #expect((held["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonWithoutX11CheckIsAUsageError() throws {
        let result = try Keyinput.run("compile", "--json", "--layout", "us")
        #expect(result.status == 2, "\(result)")
    }

    @Test func rmlvoAndX11CheckIsAUsageError() throws {
        let result = try Keyinput.run("compile", "--rmlvo", "--x11-check")
        #expect(result.status == 2, "\(result)")
    }
}
