import Foundation
import KeyInputKit
import Testing

/// A date picker takes its direction from its own locale unless something forces one: an
/// Arabic, Hebrew or Persian picker is mirrored even in a window that is not, so that its
/// fields read from the right as its date does.
@MainActor
@Suite struct DatePickerDirectionTests {
    /// The picker's field indices ordered as seen from the right.
    private func fromTheRight(_ picker: DatePicker) -> [Int] {
        let frames = picker.columnFrames
        return frames.indices.sorted { frames[$0].midX > frames[$1].midX }
    }

    @Test("A right-to-left locale's picker is mirrored in an English window", arguments: ["ar_EG", "he_IL", "fa_IR"])
    func aRightToLeftLocaleMirrorsThePicker(locale: String) throws {
        let picker = makeDatePicker(.date, locale: locale)
        picker.calendar = Locale(identifier: locale).calendar
        let harness = try InputViewHarness(inputView: picker)
        #expect(harness.window.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(picker.columnLayoutDirection == .rightToLeft)
        #expect(fromTheRight(picker) == Array(picker.fields.indices))
        // Read from the right, the fields come in the order the formatted date has them.
        let value = picker.formattedValue
        let places = picker.fieldTexts.compactMap { value.range(of: $0)?.lowerBound }
        #expect(places.count == picker.fields.count)
        #expect(places == places.sorted())
    }

    @Test func anEnglishPickerStaysLeftToRightUnlessTheWindowSaysOtherwise() throws {
        let picker = makeDatePicker(.date, locale: "en_US")
        let harness = try InputViewHarness(inputView: picker)
        #expect(picker.columnLayoutDirection == .leftToRight)
        #expect(fromTheRight(picker) == Array(picker.fields.indices.reversed()))
        harness.window.layoutDirection = .rightToLeft
        #expect(picker.columnLayoutDirection == .rightToLeft)
        #expect(fromTheRight(picker) == Array(picker.fields.indices))
    }

    @Test func aForcedDirectionWinsOverTheLocale() throws {
        let picker = makeDatePicker(.date, locale: "ar_EG")
        _ = try InputViewHarness(inputView: picker)
        picker.semanticContentAttribute = .forceLeftToRight
        #expect(picker.columnLayoutDirection == .leftToRight)
        #expect(fromTheRight(picker) == Array(picker.fields.indices.reversed()))
    }

    @Test func leftMovesToTheFieldOnTheLeftOfAnArabicPicker() throws {
        let picker = makeDatePicker(.date, locale: "ar_EG")
        let harness = try InputViewHarness(inputView: picker)
        picker.selectedField = 0
        let frames = picker.columnFrames
        harness.tap("KEY_LEFT")
        #expect(picker.selectedField == 1)
        #expect(frames[1].midX < frames[0].midX)
        harness.tap("KEY_RIGHT")
        #expect(picker.selectedField == 0)
    }
}
