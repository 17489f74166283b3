import CXKBCommon

extension Context {
    /// How much detail libxkbcommon's compiler logs (`xkb_context_set_log_verbosity`): 0 by
    /// default; at 1 it also says, for example, that a key has more symbols than its type has levels.
    public var logVerbosity: Int {
        get { Int(xkb_context_get_log_verbosity(pointer)) }
        set { xkb_context_set_log_verbosity(pointer, Int32(newValue)) }
    }
}
