/// The clipboard text is copied to and pasted from.
///
/// Two pasteboards, as on every X11 desktop: ``general`` (the CLIPBOARD
/// selection: Copy, Cut, Paste) and ``selection`` (PRIMARY: selecting text
/// offers it, a middle click pastes it). Without a host that reaches the
/// system (headless, tests), each keeps its text in the process. A host that
/// does sets ``backend``: what is copied here is offered to other programs,
/// and ``requestString(_:)`` reads what they copied.
///
/// ```swift
/// Pasteboard.general.string = "copied"
/// Pasteboard.general.requestString { text in print(text ?? "nothing to paste") }
/// ```
@MainActor
public final class Pasteboard {
    /// The clipboard: Copy, Cut and Paste.
    public static let general = Pasteboard(name: .clipboard)
    /// The primary selection: the text last selected, pasted with a middle click.
    public static let selection = Pasteboard(name: .primary)

    /// Which system selection a pasteboard is.
    public enum Name: Hashable, Sendable {
        /// Copy and paste (X11 `CLIPBOARD`, the Wayland data device).
        case clipboard
        /// The last selected text (X11 `PRIMARY`).
        case primary
    }

    /// Which selection this is.
    public let name: Name

    /// Reaches the system's clipboard; set by hosts, `nil` keeps the text in the process.
    ///
    /// Held weakly: the host that set it owns it, and a host that goes away
    /// leaves the pasteboard keeping its text in the process again.
    public weak var backend: PasteboardBackend?

    private var ownText: String?

    /// Creates a pasteboard that keeps its text in the process, until a backend is set.
    ///
    /// - Parameter name: Which selection it stands for; `.clipboard` by default.
    public init(name: Name = .clipboard) {
        self.name = name
    }

    /// The text this process put on the pasteboard, while it still owns it.
    ///
    /// Setting it offers the text to other programs through the backend;
    /// `nil` gives the selection up. It reads `nil` once another program
    /// has copied something: read that with ``requestString(_:)``.
    public var string: String? {
        get { ownText }
        set {
            ownText = newValue
            backend?.pasteboard(self, didSetString: newValue)
        }
    }

    /// Asks for the pasteboard's text: this process's own at once, or
    /// another program's when it answers.
    ///
    /// - Parameter completion: Called once, on the main actor, with the text,
    ///   or `nil` when there is none or the owner did not answer in time
    ///   (the backend logs why).
    public func requestString(_ completion: @escaping @MainActor (String?) -> Void) {
        if let ownText {
            completion(ownText)
        } else if let backend {
            backend.pasteboard(self, requestString: completion)
        } else {
            completion(nil)
        }
    }

    /// Called by the backend when another program took the selection: the
    /// text this process owned is no longer the pasteboard's.
    public func ownershipLost() {
        ownText = nil
    }
}

/// Connects a ``Pasteboard`` to the system's clipboard (the X11 host's
/// selections, the Wayland host's data device).
@MainActor
public protocol PasteboardBackend: AnyObject {
    /// Offers `string` to other programs as the pasteboard's selection, or gives it up for `nil`.
    func pasteboard(_ pasteboard: Pasteboard, didSetString string: String?)
    /// Reads the selection another program owns and calls `completion` once with its text.
    func pasteboard(_ pasteboard: Pasteboard, requestString completion: @escaping @MainActor (String?) -> Void)
}
