import KeyInputKit

extension WaylandHost {
    /// How long a copy or paste with another program may stall before it
    /// is given up, in seconds: a paste then answers `nil` (logged), a copy
    /// to a program that stopped reading is dropped. 2 s by default.
    public var selectionTimeout: Double {
        get { clipboard?.timeout ?? 2 }
        set { clipboard?.timeout = newValue }
    }

    /// Makes `Pasteboard.general` the compositor's clipboard and
    /// `Pasteboard.selection` its primary selection while the window is
    /// open, when the compositor has a seat and a data device (and the
    /// primary selection protocol, for `Pasteboard.selection`).
    func attachClipboard() {
        clipboard?.inputSerial = { [unowned self] in self.lastInputSerial }
        clipboard?.attach(to: [Pasteboard.general, Pasteboard.selection])
        if let clipboard { core.add(clipboard) }
    }
}
