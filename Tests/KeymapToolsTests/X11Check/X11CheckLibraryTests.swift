import Foundation
import TestSupport
import Testing
import XKB

@testable import KeymapTools

@Suite struct X11CheckLibraryTests {
    @Test func aProgramPastItsTimeIsKilled() throws {
        let folder = try TemporaryFolder()
        let process = BoundedProcess(arguments: ["/bin/sleep", "30"], timeout: 0.2)
        #expect(throws: BoundedProcess.Failure.self) { try process.run(outputFile: folder.file("out")) }
    }

    @Test func aProgramsOutputAndStatusComeBack() throws {
        let folder = try TemporaryFolder()
        let result = try BoundedProcess(arguments: ["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], timeout: 30)
            .run(outputFile: folder.file("out"))
        #expect(result.status == 3)
        #expect(result.output == "out\nerr\n")
    }

    @Test func xkbcompsMessagesAreSplitWithTheirLines() {
        let output = """
            Warning:          Unsupported maximum keycode 708, clipping.
                              X11 cannot support keycodes above 255.
            syntax error: line 5 of /tmp/k/x11-keymap.xkb
            last scanned symbol is: LONGNAME
            Errors encountered in /tmp/k/x11-keymap.xkb; not compiled.
            Error:            Unknown action FooMods
            """
        let messages = XKBCompMessage.parse(output, file: "/tmp/k/x11-keymap.xkb")
        #expect(messages.count == 3)
        #expect(messages[0].isError == false && messages[0].text.hasSuffix("keycodes above 255."))
        #expect(messages[1].isError && messages[1].line == 5 && messages[1].names == ["LONGNAME"])
        #expect(messages[1].text.contains("line 5 of x11-keymap.xkb"))
        #expect(messages[2].isError && messages[2].names == ["FooMods"])
    }

    @Test func theFileScanSeesOnlyTheFilesOwnStatements() {
        let scan = X11KeymapScan(
            text: """
                xkb_keymap {
                    xkb_keycodes { include "evdev" <I300> = 300; <AE01> = 10; // <COMMENTED> = 400;
                    };
                    xkb_symbols {
                        include "pc+us+ru:2+gr:5"
                        key <AC01> { symbols[Group6] = [ a ] };
                        name[group5] = "Greek";
                    };
                };
                """)
        #expect(scan.largeKeycodes.map(\.name) == ["I300"])
        #expect(scan.largeKeycodes.map(\.line) == [2])
        #expect(scan.longKeyNames.isEmpty)
        #expect(scan.extraGroups.map(\.line) == [5, 6, 7])
        #expect(scan.symbolKeys == ["AC01": 6])
    }
}
