import XKB

extension OnScreenKeyboard {
    /// A key a finger (or the mouse) holds down.
    struct HeldKey {
        /// The index in ``keys`` of the key under the finger.
        var key: Int
        /// When the finger came onto that key.
        var since: Double
        /// The alternates shown after a long press, if they show.
        var alternates: [String]?
        /// The alternate under the finger; `nil` when it slid away.
        var chosen: Int?
        /// When BackSpace next repeats, while it is held.
        var nextRepeat: Double?
        /// How many times BackSpace repeated.
        var repeats = 0
    }

    /// BackSpace's first repeat, and its intervals: slow, then fast after ``fastRepeatsAfter`` repeats.
    static let repeatDelay = 0.5
    static let slowRepeatInterval = 0.1
    static let fastRepeatInterval = 0.04
    static let fastRepeatsAfter = 10

    // MARK: Presses

    /// A finger came down: a key typed by another finger still down is typed
    /// now (fast typists overlap their fingers); Shift and BackSpace act at
    /// once, other keys show their preview and act on release.
    func beginPress(id: Int, at point: Point) {
        for (other, held) in heldKeys where other != id && (held.alternates ?? []).isEmpty {
            heldKeys[other] = nil
            if actsOnRelease(keys[held.key].role) { pressKey(at: held.key) }
        }
        heldKeys[id] = nil
        guard let index = keyIndex(at: point), let time = windowTime else {
            updatePopup()
            return
        }
        var held = HeldKey(key: index, since: time)
        if isBackSpace(index) {
            pressKey(at: index)
            held.nextRepeat = time + Self.repeatDelay
        } else if keys[index].role == .shift {
            pressKey(at: index)
        }
        heldKeys[id] = held
        updatePopup()
        setNeedsDisplay()
    }

    /// The finger moved: the key under it now is the one it types (its
    /// long press starts again); over alternates, the one under it is chosen.
    func movePress(id: Int, to point: Point) {
        guard var held = heldKeys[id], let time = windowTime else { return }
        if let alternates = held.alternates, !alternates.isEmpty {
            held.chosen = alternateIndex(at: point, count: alternates.count, key: held.key)
        } else if let index = keyIndex(at: point), index != held.key, !isBackSpace(held.key),
            keys[held.key].role != .shift
        {
            held = HeldKey(key: index, since: time)
        }
        heldKeys[id] = held
        updatePopup()
        setNeedsDisplay()
    }

    /// The finger lifted: the key under it types, or the chosen alternate.
    func endPress(id: Int, at point: Point) {
        guard let held = heldKeys.removeValue(forKey: id) else { return }
        defer {
            updatePopup()
            setNeedsDisplay()
        }
        if let alternates = held.alternates, !alternates.isEmpty {
            guard let chosen = held.chosen, let window = windowForTyping else { return }
            virtualKeyboard?.resetCompose()
            window.typeOnScreen(alternates[chosen])
            releaseOneShotModifiers(in: window)
            return
        }
        guard actsOnRelease(keys[held.key].role), keyIndex(at: point) == held.key else { return }
        pressKey(at: held.key)
    }

    /// The finger was taken away: nothing types.
    func cancelPress(id: Int) {
        guard heldKeys.removeValue(forKey: id) != nil else { return }
        updatePopup()
        setNeedsDisplay()
    }

    /// Lets go of every key held, typing nothing (the keyboard is configured anew).
    func endAllPresses() {
        guard !heldKeys.isEmpty else { return }
        heldKeys.removeAll()
        updatePopup()
    }

    // MARK: Time

    /// When a held key next needs the clock: its long press, or BackSpace's next repeat.
    var nextHeldKeyDeadline: Double? {
        heldKeys.values.compactMap { held -> Double? in
            if let due = held.nextRepeat { return due }
            return held.alternates == nil && offersAlternates(held.key) ? held.since + Self.alternatesDelay : nil
        }.min()
    }

    /// Repeats BackSpace and shows alternates whose time came.
    func heldKeysTimeDidPass(_ time: Double) {
        for (id, var held) in heldKeys {
            if var due = held.nextRepeat {
                // BackSpace repeats, faster once it has repeated a while.
                while due <= time, heldKeys[id] != nil {
                    pressKey(at: held.key)
                    held.repeats += 1
                    due += held.repeats < Self.fastRepeatsAfter ? Self.slowRepeatInterval : Self.fastRepeatInterval
                }
                held.nextRepeat = due
            } else if held.alternates == nil, time >= held.since + Self.alternatesDelay, offersAlternates(held.key) {
                let alternates = alternates(of: held.key)
                held.alternates = alternates
                held.chosen = alternates.isEmpty ? nil : 0
            }
            heldKeys[id] = held
        }
        updatePopup()
        setNeedsDisplay()
    }

    // MARK: What keys do

    /// The alternates of a key: computed from the keymap and compose table, or the phone pad's `+` on 0.
    func alternates(of index: Int) -> [String] {
        let limit = max(1, Int(frame.width / max(Self.minimumKeySize - 4, keys[index].frame.width + 4)))
        switch keys[index].role {
        case .text("0") where keyboardType == .phonePad || keyboardType == .namePhonePad: return ["+"]
        case .keycode(let code):
            guard let keyboard = virtualKeyboard else { return [] }
            return KeyAlternates.of(code, state: labelState(of: keyboard), composeTable: keyboard.composeTable, limit: limit)
        default: return []
        }
    }

    /// Whether a long press may offer alternates: character keys, and the phone pad's 0.
    private func offersAlternates(_ index: Int) -> Bool {
        switch keys[index].role {
        case .keycode(let code): !["KEY_BACKSPACE", "KEY_SPACE"].contains(code.evdevName ?? "")
        case .text("0"): keyboardType == .phonePad || keyboardType == .namePhonePad
        default: false
        }
    }

    /// Keys that act when the finger lifts; Shift and BackSpace act when it lands.
    private func actsOnRelease(_ role: Key.Role) -> Bool {
        switch role {
        case .shift: false
        case .keycode(let code): code.evdevName != "KEY_BACKSPACE"
        default: true
        }
    }

    func isBackSpace(_ index: Int) -> Bool {
        if case .keycode(let code) = keys[index].role { return code.evdevName == "KEY_BACKSPACE" }
        return false
    }

    private var windowTime: Double? { (hostWindow ?? window)?.currentTime }
    private var windowForTyping: Window? { hostWindow ?? window }

    /// Shift and AltGr held for one key let go after an alternate is typed, as after a key.
    private func releaseOneShotModifiers(in window: Window) {
        isShiftHeld = false
        isAltGrHeld = false
        refresh(in: window)
    }

    // MARK: The popup

    /// Which alternate is under a point: the nearest cell of the row, or
    /// `nil` when the finger slid well away from the row and its key.
    private func alternateIndex(at point: Point, count: Int, key: Int) -> Int? {
        let row = popup.frame
        let cell = row.width / Double(max(count, 1))
        let keyFrame = keys[key].frame
        guard point.x >= row.minX - cell, point.x <= row.maxX + cell,
            point.y >= row.minY - row.height, point.y <= keyFrame.maxY + keyFrame.height / 2
        else { return nil }
        return min(count - 1, max(0, Int((point.x - row.minX) / cell)))
    }

    /// Shows the preview or alternates of the key the latest finger holds, or nothing.
    func updatePopup() {
        guard let held = heldKeys.values.max(by: { $0.since < $1.since }), keys.indices.contains(held.key)
        else {
            popup.isHidden = true
            return
        }
        let key = keys[held.key]
        popup.palette = palette
        if let alternates = held.alternates, !alternates.isEmpty {
            let cell = max(Self.minimumKeySize - 4, key.frame.width + 4)
            let width = cell * Double(alternates.count)
            let x = min(max(0, key.frame.midX - cell / 2), max(0, frame.width - width))
            popup.frame = Rect(x: x, y: key.frame.minY - key.frame.height - 8, width: width, height: key.frame.height + 4)
            popup.content = .alternates(alternates, chosen: held.chosen)
            popup.isHidden = false
        } else if case .keycode = key.role, showsPreview(key) {
            let width = key.frame.width + 16
            popup.frame = Rect(
                x: key.frame.midX - width / 2, y: key.frame.minY - key.frame.height - 12, width: width,
                height: key.frame.height + 8)
            popup.content = .preview(key.label)
            popup.isHidden = false
        } else {
            popup.isHidden = true
        }
    }

    /// Character keys show a preview; BackSpace, space and modifiers do not.
    private func showsPreview(_ key: Key) -> Bool {
        guard case .keycode(let code) = key.role else { return false }
        return !["KEY_BACKSPACE", "KEY_SPACE"].contains(code.evdevName ?? "") && !key.label.isEmpty
    }
}
