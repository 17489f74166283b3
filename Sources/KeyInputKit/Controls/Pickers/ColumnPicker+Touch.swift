extension ColumnPicker {
    // MARK: Turning a column by touch (see ColumnTurn.swift)

    /// Attaches the pan that turns columns, for fingers and the pointer alike.
    func installTurningGesture() {
        let pan = PanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            self.turningPanDidChange(pan)
        }
        pan.allowedTouchKinds = [.finger, .pointer]
        pan.cancelsTouchesInView = true
        addGestureRecognizer(pan)
    }

    /// Whether a finger or the pointer turns a column, or a flick spins one.
    public var isTurningColumn: Bool { turn != nil }

    /// Follows the pan: the column under its start turns with it, and spins on when it lifts.
    private func turningPanDidChange(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            let location = pan.location(in: self)
            let moved = pan.translation(in: self)
            beginTurn(atColumnUnder: Point(x: location.x - moved.x, y: location.y - moved.y))
            dragTurn(travel: moved.y)
        case .changed: dragTurn(travel: pan.translation(in: self).y)
        case .ended: releaseTurn(velocity: pan.velocity(in: self).y)
        case .cancelled: releaseTurn(velocity: 0)
        default: break
        }
    }

    /// Starts turning the column under `point`, if any, as the person's edit.
    private func beginTurn(atColumnUnder point: Point) {
        finishTurn()
        pressedNeighbour = nil
        guard isEnabled, let column = columnIndex(at: point) else { return }
        ensureSnapshot()
        if column != selectedColumn { selectedColumn = column }
        turn = ColumnTurn(column: column, valuesBefore: accessibilityIsObserved ? accessibilityColumnValues : nil)
    }

    /// Moves the turned column's rows to where the finger has dragged them, `travel` points down.
    private func dragTurn(travel: Double) {
        guard var turn, turn.spin == nil else { return }
        turn.position = travel - turn.heldTravel
        if !takeSteps(&turn) { turn.heldTravel = travel - turn.position }
        self.turn = turn
        setNeedsDisplay()
    }

    /// The finger lifted: spin on at `velocity` points per second (down positive), coming to rest on a row.
    private func releaseTurn(velocity: Double) {
        guard var turn, let window else { return finishTurn() }
        turn.spin = turn.spin(velocity: velocity, at: window.currentTime)
        self.turn = turn
        window.startFrameAnimation(owner: self) { [weak self, weak window] time in
            guard let self, let window, self.window === window else { return false }
            return self.stepSpin(to: time)
        }
    }

    /// One frame of a spin; `false` once the column rests.
    private func stepSpin(to time: Double) -> Bool {
        guard var turn, let spin = turn.spin else { return false }
        let (position, arrived) = spin.position(at: time)
        turn.position = position
        let free = takeSteps(&turn)
        self.turn = turn
        setNeedsDisplay()
        guard arrived || !free else { return true }
        finishTurn(stoppingAnimation: false)  // the window drops it: this step returns false
        return false
    }

    /// Steps the column to the row nearest the box, one step at a time through
    /// ``applyChange(_:toColumn:)``; where a limit holds it, its rows stay on
    /// the last row and this returns `false`.
    private func takeSteps(_ turn: inout ColumnTurn) -> Bool {
        while turn.steps != turn.wantedSteps {
            let direction = turn.wantedSteps > turn.steps ? 1 : -1
            guard turn.column < numberOfColumns, applyChange(.step(direction), toColumn: turn.column) else {
                turn.position = Double(turn.steps) * ColumnTurn.rowPitch
                return false
            }
            turn.steps += direction
            turn.changedValue = true
        }
        // No value beyond the box that way: the rows do not slide off it.
        let towards = turn.offset > 0 ? 1 : -1
        if turn.offset != 0, neighbourText(inColumn: turn.column, step: towards) == nil {
            turn.position = Double(turn.steps) * ColumnTurn.rowPitch
            return false
        }
        return true
    }

    /// Brings a turning or spinning column to rest on the row nearest the
    /// box, and sends ``Control/Event/valueChanged`` when the turn changed the value.
    func finishTurn(stoppingAnimation: Bool = true) {
        guard var turn else { return }
        self.turn = nil
        if stoppingAnimation, let window, window.runsFrameAnimation(owner: self) { window.stopFrameAnimation(owner: self) }
        turn.spin = nil
        setNeedsDisplay()
        if turn.changedValue { sendActions(for: .valueChanged) }
        if let before = turn.valuesBefore { announceColumnValues(changedFrom: before) }
    }

    /// How far a column's rows are drawn off their places while it turns, in points (down positive).
    func turningOffset(ofColumn column: Int) -> Double {
        guard let turn, turn.column == column else { return 0 }
        return turn.offset
    }
}
