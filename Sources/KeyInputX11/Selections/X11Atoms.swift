import CXCB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The atoms selections are spoken in, interned once when the host opens.
struct X11Atoms {
    let clipboard: xcb_atom_t
    let primary: xcb_atom_t
    let targets: xcb_atom_t
    let multiple: xcb_atom_t
    let timestamp: xcb_atom_t
    let incr: xcb_atom_t
    let atomPair: xcb_atom_t
    let utf8String: xcb_atom_t
    let text: xcb_atom_t
    let string = XCB_ATOM_STRING.rawValue
    let atom = XCB_ATOM_ATOM.rawValue
    let integer = XCB_ATOM_INTEGER.rawValue
    /// The property on the host's window that a zero-length append turns into a server time.
    let serverTime: xcb_atom_t
    /// The properties on the host's window that CLIPBOARD and PRIMARY are converted into.
    let clipboardTransfer: xcb_atom_t
    let primaryTransfer: xcb_atom_t

    /// Interns every atom with one round trip for all of them.
    init(connection: XCBConnection) {
        let names = [
            "CLIPBOARD", "PRIMARY", "TARGETS", "MULTIPLE", "TIMESTAMP", "INCR", "ATOM_PAIR", "UTF8_STRING", "TEXT",
            "_KEYINPUTKIT_SERVER_TIME", "_KEYINPUTKIT_CLIPBOARD", "_KEYINPUTKIT_PRIMARY",
        ]
        let c = connection.pointer
        let cookies = names.map { xcb_intern_atom(c, 0, UInt16($0.utf8.count), $0) }
        let atoms: [xcb_atom_t] = cookies.map { cookie in
            guard let reply = xcb_intern_atom_reply(c, cookie, nil) else { return 0 }
            defer { free(reply) }
            return reply.pointee.atom
        }
        clipboard = atoms[0]
        primary = atoms[1]
        targets = atoms[2]
        multiple = atoms[3]
        timestamp = atoms[4]
        incr = atoms[5]
        atomPair = atoms[6]
        utf8String = atoms[7]
        text = atoms[8]
        serverTime = atoms[9]
        clipboardTransfer = atoms[10]
        primaryTransfer = atoms[11]
    }

    /// Whether every atom was interned (the server answered).
    var areValid: Bool {
        ![
            clipboard, primary, targets, multiple, timestamp, incr, atomPair, utf8String, text, serverTime,
            clipboardTransfer, primaryTransfer,
        ].contains(0)
    }
}
