import CXCB
import KeyInputKit
import Testing

@testable import KeyInputX11

/// Decoding XInput 2.2 touch events as xcb hands them over.
@Suite("X11 touch events")
@MainActor
struct X11TouchTests {
    /// A touch event of `type` from the extension with `opcode`, as a GenericEvent.
    func event(_ type: Int32, opcode: UInt8 = 131, id: UInt32 = 7, x: Double = 12.5, y: Double = 40)
        -> xcb_input_touch_begin_event_t
    {
        var event = xcb_input_touch_begin_event_t()
        event.response_type = UInt8(XCB_GE_GENERIC)
        event.extension = opcode
        event.event_type = UInt16(type)
        event.detail = id
        event.event = 0x200001
        event.event_x = xcb_input_fp1616_t(x * 65536)
        event.event_y = xcb_input_fp1616_t(y * 65536)
        return event
    }

    func decoded(_ event: xcb_input_touch_begin_event_t, opcode: UInt8 = 131) -> X11Touch.Event? {
        withUnsafeBytes(of: event) { X11Touch(opcode: opcode).event($0.baseAddress!) }
    }

    @Test("TouchBegin, TouchUpdate and TouchEnd are a finger's phases, with its id and fixed-point place in the window")
    func phases() {
        let expected = { (phase: Touch.Phase) in
            X11Touch.Event(phase: phase, id: 7, location: Point(x: 12.5, y: 40), window: 0x200001)
        }
        #expect(decoded(event(XCB_INPUT_TOUCH_BEGIN)) == expected(.began))
        #expect(decoded(event(XCB_INPUT_TOUCH_UPDATE)) == expected(.moved))
        #expect(decoded(event(XCB_INPUT_TOUCH_END)) == expected(.ended))
    }

    @Test("Another extension's GenericEvent, and XInput's other events, are no touches")
    func others() {
        #expect(decoded(event(XCB_INPUT_TOUCH_BEGIN, opcode: 140)) == nil)
        #expect(decoded(event(XCB_INPUT_BUTTON_PRESS)) == nil)
        #expect(decoded(event(XCB_INPUT_TOUCH_OWNERSHIP)) == nil)
    }
}
