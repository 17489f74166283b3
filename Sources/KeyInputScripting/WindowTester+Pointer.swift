import KeyInputKit
import KeymapTools
import XKB

extension WindowTester {
    /// Clicks the middle of a view: a primary press, ``clickInterval``, the
    /// release, ``clickInterval`` again.
    ///
    /// A person waits for a sliding input view to stop before aiming, so on
    /// the tester's clock a click first lets input views finish moving.
    ///
    /// - Parameter view: A visible view of the window, its input views included.
    /// - Throws: ``WindowTesterError``: `viewNotInWindow` when the view is
    ///   in no window or another one, `viewNotVisible` when it or an
    ///   ancestor is hidden. The message names the view.
    public func click(_ view: View) throws(WindowTesterError) {
        click(at: try aimPoint(for: view, doing: "click"))
    }

    /// The middle of a visible view of the window, once sliding input views have stopped.
    func aimPoint(for view: View, doing action: String) throws(WindowTesterError) -> Point {
        guard view.window === window else {
            let place = view.window == nil ? "in no window" : "in another window"
            throw WindowTesterError(.viewNotInWindow, "cannot \(action) \(Self.describe(view)): it is \(place), not the tester's")
        }
        guard view.isVisibleInWindow else {
            throw WindowTesterError(.viewNotVisible, "cannot \(action) \(Self.describe(view)): it or a view containing it is hidden")
        }
        if clock == .tester, window.isAnimatingInputViews {
            advance(by: window.inputViewAnimation.duration)
        }
        let frame = view.frameInWindow
        return Point(x: frame.midX, y: frame.midY)
    }

    /// Clicks the view whose `View.identifier` is `identifier`.
    ///
    /// - Parameter identifier: The identifier.
    /// - Throws: ``WindowTesterError`` (`noSuchIdentifier`) suggesting the
    ///   nearest identifiers in the window, or as ``click(_:)``.
    public func click(identifier: String) throws(WindowTesterError) {
        try click(view(identifier: identifier))
    }

    /// The first view in the window, its input views included, whose
    /// `View.identifier` is `identifier`.
    ///
    /// - Parameter identifier: The identifier.
    /// - Returns: The view.
    /// - Throws: ``WindowTesterError`` (`noSuchIdentifier`) suggesting the
    ///   nearest identifiers in the window.
    public func view(identifier: String) throws(WindowTesterError) -> View {
        let views = window.subtree
        if let view = views.first(where: { $0.identifier == identifier }) { return view }
        let known = views.compactMap(\.identifier)
        throw WindowTesterError(
            .noSuchIdentifier,
            "no view \"\(identifier)\" in the window" + KeymapDiagnosis.suggestion(NameSuggestions.nearest(to: identifier, in: known)))
    }

    /// Clicks a point in window coordinates: a primary press, ``clickInterval``,
    /// the release, ``clickInterval`` again.
    ///
    /// - Parameter point: Where, in window coordinates.
    public func click(at point: Point) {
        window.sendPointerEvent(PointerEvent(.down, at: point))
        advance(by: clickInterval)
        window.sendPointerEvent(PointerEvent(.up, at: point))
        advance(by: clickInterval)
    }

    /// A view as messages name it: its type, identifier and frame.
    static func describe(_ view: View) -> String {
        let id = view.identifier.map { " \"\($0)\"" } ?? ""
        let f = view.frameInWindow
        let numbers = [f.minX, f.minY, f.width, f.height].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        return "\(Swift.type(of: view))\(id) at (\(numbers.joined(separator: ", ")))"
    }
}
