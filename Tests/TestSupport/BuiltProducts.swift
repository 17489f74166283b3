import Foundation

/// A program the package builds, found in the build products folder that
/// holds the running test bundle (`swift build --build-tests` builds both).
///
/// - Parameters:
///   - name: The product's name, such as `date-picker-demo`.
///   - environmentVariable: A variable that, when set, names the binary instead.
/// - Returns: The binary's absolute path.
/// - Throws: `ChildProcess.Failure` saying where it looked and how to build it.
public func builtProduct(named name: String, environmentVariable: String? = nil) throws -> String {
    let fileManager = FileManager.default
    func isExecutableFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return fileManager.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && fileManager.isExecutableFile(atPath: path)
    }
    if let environmentVariable, let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
        guard isExecutableFile(given) else {
            throw ChildProcess.Failure(description: "\(environmentVariable)=\(given) is not an executable file")
        }
        return given
    }
    var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
    if let executable = Bundle.main.executableURL { starts.append(executable) }
    var looked: [String] = []
    for start in starts.map(\.standardizedFileURL) {
        var folder = start
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent(name).path
            looked.append(candidate)
            if isExecutableFile(candidate) { return candidate }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
    }
    throw ChildProcess.Failure(
        description: "the \(name) binary was not found next to the test bundle; build it first "
            + "(swift build --build-tests)" + (environmentVariable.map { ", or set \($0)" } ?? "")
            + ". Looked at: \(looked.joined(separator: ", "))")
}
