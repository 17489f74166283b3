import KeyInputKit
import Testing

@MainActor
final class Focusable: View {
    var allowsResign = true
    var becameCount = 0
    var resignedCount = 0
    var onResign: (() -> Void)?
    var onBecome: (() -> Void)?
    override var canBecomeFirstResponder: Bool { true }
    override var canResignFirstResponder: Bool { allowsResign }
    override func didBecomeFirstResponder() {
        becameCount += 1
        onBecome?()
    }
    override func didResignFirstResponder() {
        resignedCount += 1
        onResign?()
    }
}

@MainActor
@Suite struct ResponderTests {
    @Test func aPlainViewCannotBecomeFirstResponder() {
        let (_, window) = Fixture.window()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(view)
        #expect(!view.canBecomeFirstResponder)
        #expect(!view.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test func aResponderOutsideAWindowCannotBecomeFirstResponder() {
        let view = Focusable()
        #expect(!view.becomeFirstResponder())
        #expect(!view.isFirstResponder)
    }

    @Test func becomingFirstResponderAgainSucceedsWithoutCallbacks() {
        let (_, window) = Fixture.window()
        let view = Focusable()
        window.addSubview(view)
        #expect(view.becomeFirstResponder())
        #expect(view.becomeFirstResponder())
        #expect(view.becameCount == 1)
    }

    @Test func aFirstResponderThatRefusesToResignKeepsFocus() {
        let (_, window) = Fixture.window()
        let stubborn = Focusable(), other = Focusable()
        window.addSubview(stubborn)
        window.addSubview(other)
        stubborn.becomeFirstResponder()
        stubborn.allowsResign = false
        #expect(!other.becomeFirstResponder())
        #expect(stubborn.isFirstResponder)
        #expect(!window.endEditing(force: false))
        #expect(stubborn.isFirstResponder)
        #expect(window.endEditing(force: true))
        #expect(window.firstResponder == nil)
        #expect(stubborn.resignedCount == 1)
    }

    @Test func aWindowHasAtMostOneFirstResponder() {
        let (_, window) = Fixture.window()
        let views = (0..<4).map { _ in Focusable() }
        views.forEach(window.addSubview)
        for view in views {
            view.becomeFirstResponder()
            #expect(views.filter(\.isFirstResponder).count == 1)
        }
    }

    @Test func focusCallsFromInsideCallbacksAreSafeAndTheLatestWins() {
        let (_, window) = Fixture.window()
        let a = Focusable(), b = Focusable(), c = Focusable()
        [a, b, c].forEach(window.addSubview)
        a.becomeFirstResponder()
        // When A resigns on its way to B, it sends focus to C instead.
        a.onResign = { c.becomeFirstResponder() }
        let result = b.becomeFirstResponder()
        #expect(!result)
        #expect(c.isFirstResponder)
        #expect(b.becameCount == 0)
        // A responder that resigns from inside its own become callback.
        b.onBecome = { [unowned b] in b.resignFirstResponder() }
        a.onResign = nil
        #expect(!b.becomeFirstResponder())
        #expect(window.firstResponder == nil)
    }

    @Test func theResponderChainRunsViewSuperviewWindowHost() {
        let (_, window) = Fixture.window()
        let host = Responder()
        window.hostResponder = host
        let container = View(), leaf = View()
        container.addSubview(leaf)
        window.addSubview(container)
        var chain: [Responder] = []
        var responder: Responder? = leaf
        while let current = responder {
            chain.append(current)
            responder = current.next
        }
        #expect(chain.count == 4)
        #expect(chain[0] === leaf && chain[1] === container && chain[2] === window && chain[3] === host)
    }

    @Test func eachWindowKeepsItsOwnFirstResponderAndKeysGoToTheKeyWindow() throws {
        let keyboard = try Fixture.keyboard(layout: "us")
        let (application, first) = Fixture.window(keyboard: keyboard)
        let second = Window(size: Size(width: 200, height: 200))
        application.addWindow(second)
        let a = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let b = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        first.addSubview(a)
        second.addSubview(b)
        a.becomeFirstResponder()
        b.becomeFirstResponder()
        #expect(a.isFirstResponder && b.isFirstResponder)

        keyboard.tap("KEY_X")
        application.makeKey(second)
        keyboard.tap("KEY_Y")
        #expect(a.text == "x")
        #expect(b.text == "y")

        application.closeWindow(second)
        #expect(!b.isFirstResponder)
        #expect(application.keyWindow === first)
    }

    @Test func disablingTheFirstResponderResignsIt() {
        let (_, window) = Fixture.window()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 100, height: 30))
        window.addSubview(field)
        field.becomeFirstResponder()
        field.isEnabled = false
        #expect(window.firstResponder == nil)
        #expect(!field.becomeFirstResponder())
    }
}
