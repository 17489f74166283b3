/// One undoable change: `removed` was replaced by `inserted` at `start`.
///
/// While a run of typing goes on (``TextEditingEngine/typingRunIsPending``), the last step's
/// `inserted` holds only the run's first key; ``TextEditingEngine/sealTypingRun()`` fills it in.
struct UndoStep {
    var start: TextPosition
    var removed: String
    var inserted: String
    var selectionBefore: TextSelection
    var selectionAfter: TextSelection
    var kind: TextEditingEngine.EditKind
}

extension TextEditingEngine {
    /// How many steps undo keeps.
    static let undoLimit = 1000

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last step: a run of typing, a run of deletions in one
    /// direction, or one cut, paste or change from code. The text and the
    /// selection return to what they were before it (typing that replaced
    /// a selection gives the selected text back, selected).
    public func undo() {
        sealTypingRun()
        guard let step = undoStack.popLast() else { return }
        apply(from: step.start, to: Self.end(of: step.inserted, insertedAt: step.start), with: step.removed)
        redoStack.append(step)
        restore(step.selectionBefore)
    }

    /// Redoes the last undone step, with the caret after it.
    public func redo() {
        sealTypingRun()
        guard let step = redoStack.popLast() else { return }
        apply(from: step.start, to: Self.end(of: step.removed, insertedAt: step.start), with: step.inserted)
        undoStack.append(step)
        restore(step.selectionAfter)
    }

    private func restore(_ selection: TextSelection) {
        goalX = nil
        canCoalesce = false
        setSelection(TextSelection(anchor: clamp(selection.anchor), active: clamp(selection.active)), force: true)
    }

    /// Adds a step, or joins it to the last one when it continues the same run.
    ///
    /// - Parameters:
    ///   - step: The change.
    ///   - insertsLineBreak: Whether its new text holds a line break, which ends a run of typing.
    func record(_ step: UndoStep, insertsLineBreak: Bool) {
        if !redoStack.isEmpty { redoStack.removeAll() }
        guard keepsUndoHistory else { return }
        guard canCoalesce, let last = undoStack.indices.last, undoStack[last].kind == step.kind,
            step.selectionBefore.isEmpty
        else { return push(step, insertsLineBreak: insertsLineBreak) }
        // In place: a copy of the step would copy its text, on every key of a long run.
        switch step.kind {
        case .typing
        where step.removed.isEmpty && !insertsLineBreak
            && step.start == undoStack[last].selectionAfter.active:  // right after the run (the caret has not moved)
            // The run's text is read back from the paragraph when it is needed (sealTypingRun), not kept per key.
            typingRunIsPending = true
        case .deleteBackward
        where step.inserted.isEmpty
            && Self.end(of: step.removed, insertedAt: step.start) == undoStack[last].start:
            undoStack[last].start = step.start
            undoStack[last].removed.insert(contentsOf: step.removed, at: undoStack[last].removed.startIndex)
        case .deleteForward where step.inserted.isEmpty && step.start == undoStack[last].start:
            undoStack[last].removed += step.removed
        default:
            return push(step, insertsLineBreak: insertsLineBreak)
        }
        undoStack[last].selectionAfter = step.selectionAfter
    }

    private func push(_ step: UndoStep, insertsLineBreak: Bool) {
        sealTypingRun()  // still pending only if this edit typed at the run's end: its text is there to read
        undoStack.append(step)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        // A line break ends a run of typing; any other typing or deletion may continue its run.
        canCoalesce = step.kind != .other && !insertsLineBreak
    }

    /// Drops every undo and redo step.
    func forgetUndoHistory() {
        undoStack.removeAll()
        redoStack.removeAll()
        typingRunIsPending = false
        canCoalesce = false
    }

    /// Whether an edit from `lower` to `upper` leaves a pending run of typing as it is: only
    /// typing exactly at its end does; anything else must read the run's text first.
    func keepsTypingRun(from lower: TextPosition, to upper: TextPosition) -> Bool {
        lower == upper && lower == undoStack.last?.selectionAfter.active
    }

    /// Gives the last undo step, a run of typing whose keys were not kept one by one, its text:
    /// it lies in one paragraph (a line break ends a run), from the step's start to the caret
    /// after it, untouched, since every edit that could change it seals the run first.
    func sealTypingRun() {
        guard typingRunIsPending else { return }
        typingRunIsPending = false
        guard let last = undoStack.indices.last else { return }
        undoStack[last].inserted = text(from: undoStack[last].start, to: undoStack[last].selectionAfter.active)
    }
}
