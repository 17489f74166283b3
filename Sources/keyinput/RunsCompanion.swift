import KeymapCommandLine

/// `keyinput render` and `keyinput watch` check their options here, then run the programs
/// installed beside keyinput that draw and open windows.
enum RunsCompanion: RenderAction, WatchAction {
    static func render(_ command: RenderCommand<Self>) throws {
        try CompanionProgram("keyinput-render").run(forSubcommand: "render")
    }

    static func watch(_ command: WatchCommand<Self>) throws {
        try CompanionProgram("keyinput-watch").run(forSubcommand: "watch")
    }
}
