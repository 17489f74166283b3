import Foundation
import KeyInputKit
import Testing

/// Right to left, a column picker is mirrored: its first column is the rightmost, and
/// clicks, Left and Right, the accessibility frames and the date and time gap follow.
@MainActor
@Suite struct ColumnPickerDirectionTests {
    /// A 400-point colour picker shown for a control in a window of `direction`.
    private func shown(_ direction: UserInterfaceLayoutDirection) throws -> (ColourPicker, InputViewHarness) {
        let picker = ColourPicker(frame: Rect(x: 0, y: 0, width: 400, height: 216))
        let harness = try InputViewHarness(inputView: picker)
        harness.window.layoutDirection = direction
        return (picker, harness)
    }

    @Test func rightToLeftTheColumnsAreMirroredAndTheFirstIsRightmost() throws {
        let (ltr, ltrHarness) = try shown(.leftToRight)
        let (rtl, rtlHarness) = try shown(.rightToLeft)
        defer { withExtendedLifetime((ltrHarness, rtlHarness)) {} }
        let left = ltr.columnFrames, right = rtl.columnFrames
        #expect(right.count == 3)
        #expect(right[0].minX > right[1].maxX && right[1].minX > right[2].maxX)
        for (l, r) in zip(left, right) {
            #expect(r.minX == 400 - l.maxX && r.width == l.width && r.minY == l.minY)
        }
        // Hit testing follows the frames drawn.
        #expect(rtl.columnIndex(at: Point(x: right[0].midX, y: right[0].midY)) == 0)
        #expect(rtl.columnIndex(at: Point(x: right[2].midX, y: right[2].midY)) == 2)
        // A reader finds each column where it is drawn.
        let cells = rtl.accessibilityChildren.map(\.accessibilityFrameInWindow)
        let picked = right.map { rtl.convert($0, to: nil) }
        #expect(cells == picked)
    }

    @Test func aClickOnTheRightmostColumnSelectsTheFirst() throws {
        let (picker, harness) = try shown(.rightToLeft)
        let frames = picker.columnFrames
        harness.click(Point(x: frames[2].midX, y: frames[2].midY), in: picker)
        #expect(picker.selectedColumn == 2)
        let rightmost = try #require(frames.max { $0.minX < $1.minX })
        harness.click(Point(x: rightmost.midX, y: rightmost.midY), in: picker)
        #expect(picker.selectedColumn == 0)
        // The value below the rightmost box steps the first column.
        harness.click(Point(x: rightmost.midX, y: rightmost.maxY + 10), in: picker)
        #expect(picker.channels == [254, 128, 0])
    }

    @Test("Left and Right move to the column on the left and on the right as seen", arguments: [
        UserInterfaceLayoutDirection.leftToRight, .rightToLeft,
    ])
    func arrowsMoveAsSeen(direction: UserInterfaceLayoutDirection) throws {
        let (picker, harness) = try shown(direction)
        #expect(picker.selectedColumn == 0)
        let frames = picker.columnFrames
        for key in ["KEY_LEFT", "KEY_LEFT", "KEY_RIGHT", "KEY_RIGHT", "KEY_RIGHT", "KEY_LEFT"] {
            let before = frames[picker.selectedColumn].midX
            harness.tap(key)
            let after = frames[picker.selectedColumn].midX
            let atTheEdge = key == "KEY_LEFT" ? frames.allSatisfy { $0.midX >= before } : frames.allSatisfy { $0.midX <= before }
            if atTheEdge {
                #expect(after == before, "\(key) at the edge moved the selection")
            } else {
                #expect(key == "KEY_LEFT" ? after < before : after > before, "\(key) went the wrong way")
            }
        }
        // Right to left, Left is the column after.
        picker.selectedColumn = 0
        harness.tap("KEY_LEFT")
        #expect(picker.selectedColumn == (direction == .rightToLeft ? 1 : 0))
    }

    @Test func tabKeepsTheColumnsLogicalOrderRightToLeft() throws {
        let (picker, harness) = try shown(.rightToLeft)
        harness.tap("KEY_TAB")
        #expect(picker.selectedColumn == 1)
        harness.tap("KEY_TAB")
        #expect(picker.selectedColumn == 2)
        harness.tap("KEY_LEFTSHIFT", "KEY_TAB")
        #expect(picker.selectedColumn == 1)
        harness.tap("KEY_LEFTSHIFT", "KEY_TAB")
        harness.tap("KEY_LEFTSHIFT", "KEY_TAB")  // past the first column: focus moves on, as left to right
        #expect(picker.selectedColumn == 0)
    }

    @Test func aPickerThatForcesItsOwnDirectionIsMirroredInALeftToRightWindow() throws {
        let (picker, harness) = try shown(.leftToRight)
        defer { withExtendedLifetime(harness) {} }
        let before = picker.columnFrames
        picker.semanticContentAttribute = .forceRightToLeft
        #expect(picker.columnFrames[0].minX == 400 - before[0].maxX)
        harness.tap("KEY_LEFT")
        #expect(picker.selectedColumn == 1)
    }

    @Test func theGapBetweenDateAndTimeIsMirroredToo() throws {
        let picker = makeDatePicker(.dateAndTime, locale: "en_GB")
        let window = Window(size: Size(width: 400, height: 600))
        window.addSubview(picker)
        let ltr = picker.columnFrames
        window.layoutDirection = .rightToLeft
        let rtl = picker.columnFrames
        let time = try #require((1..<picker.fields.count).first { picker.extraSpace(beforeColumn: $0) > 0 })
        let extra = picker.extraSpace(beforeColumn: time)
        #expect(abs(ltr[time].minX - ltr[time - 1].maxX - (16 + extra)) < 0.001)
        #expect(abs(rtl[time - 1].minX - rtl[time].maxX - (16 + extra)) < 0.001)
    }

    @Test func anArabicDatePickerReadsInTheOrderOfItsDateFromTheRight() throws {
        let picker = makeDatePicker(.date, locale: "ar_EG")
        let window = Window(size: Size(width: 400, height: 600))
        window.locale = Locale(identifier: "ar_EG")
        window.addSubview(picker)
        let frames = picker.columnFrames
        let rightToLeft = frames.indices.sorted { frames[$0].midX > frames[$1].midX }
        #expect(rightToLeft == Array(frames.indices))
        // The first field in the formatted date, the day for ar_EG, is the rightmost.
        #expect(picker.fields.first == .day)
    }
}
