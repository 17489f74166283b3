extension View: Accessible {}

/// A view held weakly, in a list.
struct WeakView {
    weak var view: View?
}

extension View {
    /// The states every view has: visible and showing as on screen, enabled,
    /// focusable and focused as a responder.
    var viewAccessibilityStates: AccessibilityStates {
        var states: AccessibilityStates = [.enabled, .sensitive]
        if !isHidden { states.insert(.visible) }
        if isVisibleInWindow { states.insert(.showing) }
        if canBecomeFirstResponder { states.insert(.focusable) }
        if isFirstResponder { states.insert(.focused) }
        return states
    }

    /// ``accessibilityLabelledBy`` and the views this one labels, as relations.
    var labelRelations: [AccessibilityRelation] {
        var relations: [AccessibilityRelation] = accessibilityLabelTargets.compactMap { $0.view }.map { .labelFor($0) }
        if let label = accessibilityLabelledBy { relations.append(.labelledBy(label)) }
        return relations
    }

    /// The application to post accessibility events to, or `nil` (the common
    /// case, one global read) when nobody observes.
    var accessibilityObserver: Application? {
        guard accessibilityIsObserved, let application = window?.application, application.hasAccessibilityObservers
        else { return nil }
        return application
    }
}
