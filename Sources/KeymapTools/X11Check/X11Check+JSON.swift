extension X11Check.Report {
    /// `{"holds", "xkbcompCompiled", "stockMessages", "findings": [{"kind", "message", "file", "line", "x11Line", "xkbcomp"}]}`.
    public func json() -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("holds")
        writer.bool(findings.isEmpty)
        writer.key("xkbcompCompiled")
        writer.bool(xkbcompCompiled)
        writer.key("stockMessages")
        writer.number(stockMessageCount)
        writer.key("findings")
        writer.beginArray()
        for finding in findings {
            writer.beginObject()
            writer.key("kind")
            writer.string(finding.kind.rawValue)
            writer.key("message")
            writer.string(finding.message)
            writer.key("file")
            if let file = finding.file { writer.string(file) } else { writer.null() }
            writer.key("line")
            if let line = finding.line { writer.number(line) } else { writer.null() }
            writer.key("x11Line")
            if let line = finding.x11Line { writer.number(line) } else { writer.null() }
            writer.key("xkbcomp")
            if let message = finding.xkbcompMessage { writer.string(message) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.take()
    }
}
