/// One undoable change: `removed` was replaced by `inserted` at `start`.
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
        guard let step = undoStack.popLast() else { return }
        apply(from: step.start, to: Self.end(of: step.inserted, insertedAt: step.start), with: step.removed)
        redoStack.append(step)
        restore(step.selectionBefore)
    }

    /// Redoes the last undone step, with the caret after it.
    public func redo() {
        guard let step = redoStack.popLast() else { return }
        apply(from: step.start, to: Self.end(of: step.removed, insertedAt: step.start), with: step.inserted)
        undoStack.append(step)
        restore(step.selectionAfter)
    }

    private func restore(_ selection: TextSelection) {
        goalX = nil
        canCoalesce = false
        setSelection(TextSelection(anchor: clamp(selection.anchor), active: clamp(selection.active)))
    }

    /// Adds a step, or joins it to the last one when it continues the same run.
    func record(_ step: UndoStep) {
        redoStack.removeAll()
        if canCoalesce, var last = undoStack.last, last.kind == step.kind, step.selectionBefore.isEmpty {
            switch step.kind {
            case .typing where step.removed.isEmpty && step.start == Self.end(of: last.inserted, insertedAt: last.start)
                && !step.inserted.contains("\n"):
                last.inserted += step.inserted
            case .deleteBackward where step.inserted.isEmpty
                && Self.end(of: step.removed, insertedAt: step.start) == last.start:
                last.start = step.start
                last.removed = step.removed + last.removed
            case .deleteForward where step.inserted.isEmpty && step.start == last.start:
                last.removed += step.removed
            default:
                return push(step)
            }
            last.selectionAfter = step.selectionAfter
            undoStack[undoStack.count - 1] = last
            return
        }
        push(step)
    }

    private func push(_ step: UndoStep) {
        undoStack.append(step)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        // A line break ends a run of typing; any other typing or deletion may continue its run.
        canCoalesce = step.kind != .other && !step.inserted.contains("\n")
    }
}
