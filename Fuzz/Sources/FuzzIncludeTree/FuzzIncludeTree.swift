import Foundation
import FuzzSupport
import XKB

/// A folder of symbols files f0…f4 that include each other, built from the
/// input, compiled through a keymap that includes f0. libxkbcommon 1.5 recurses without a
/// limit, so a loop the guard misses crashes the fuzzer. The generator knows
/// the graph it wrote: a loop must be refused as `includeRefused`, and a tree
/// without one must not be. With stray text mixed in, only "no crash" holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIncludeTree(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let tree = GeneratedTree(&input)
    let folder = scratchFolder + "/symbols"
    try? FileManager.default.removeItem(atPath: folder)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, text) in tree.files.enumerated() {
        FileManager.default.createFile(atPath: "\(folder)/f\(index)", contents: Data(text.utf8))
    }
    guard let context = try? Context(options: .noEnvironmentNames, includePaths: [scratchFolder]) else {
        fatalError("no XKB context")
    }
    var refusedForLoop = false
    do {
        _ = try Keymap(context: context, text: keymapIncludingF0, sourceName: "fuzz.xkb")
    } catch let error as XKBError {
        invariant(!error.message.isEmpty, "a refusal without a message")
        refusedForLoop = error.code == .includeRefused
    } catch {
        fatalError("unexpected error type \(error)")
    }
    if !tree.hasStrayText {
        invariant(refusedForLoop == tree.hasLoop, "loop \(tree.hasLoop) but refused \(refusedForLoop):\n\(tree.files.joined(separator: "\n--\n"))")
    }
    return 0
}

/// The smallest keymap that includes f0: rules and the stock files would cost most of each run.
private let keymapIncludingF0 = """
    xkb_keymap {
        xkb_keycodes { minimum = 8; maximum = 255; <AC01> = 38; <AC02> = 39; <AC03> = 40; };
        xkb_types { };
        xkb_compat { };
        xkb_symbols { include "f0" };
    };
    """

/// One folder per fuzzing process.
private let scratchFolder: String = {
    let path = NSTemporaryDirectory() + "fuzz-include-tree-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// Files f0…fN, each with sections s0…sM, each including some of the others.
struct GeneratedTree {
    private struct Include { var file: Int; var section: Int? }
    private var sections: [[(isDefault: Bool, includes: [Include])]] = []
    private(set) var files: [String] = []
    private(set) var hasStrayText = false

    init(_ input: inout FuzzInput) {
        let fileCount = 1 + Int(input.byte() % 5)
        for _ in 0..<fileCount {
            var file: [(Bool, [Include])] = []
            for index in 0..<(1 + Int(input.byte() % 3)) {
                let isDefault = index > 0 && input.byte() % 4 == 0
                var includes: [Include] = []
                for _ in 0..<Int(input.byte() % 3) {
                    let target = Int(input.byte() % 6)  // 5 and above: a file that does not exist
                    let section = input.byte()
                    includes.append(Include(file: target, section: section % 4 == 3 ? nil : Int(section % 4)))
                }
                file.append((isDefault, includes))
            }
            sections.append(file)
        }
        let stray = input.isAtEnd ? "" : input.text(count: 256)
        hasStrayText = !stray.isEmpty
        files = sections.enumerated().map { fileIndex, file in
            file.enumerated().map { index, section in
                let keyword = ["include", "augment", "override", "replace"][(fileIndex + index) % 4]
                let names = section.includes.map { "f\($0.file)" + ($0.section.map { "(s\($0))" } ?? "") }
                let includeLines = names.isEmpty ? "" : "    \(keyword) \"\(names.joined(separator: index % 2 == 0 ? "+" : "|"))\"\n"
                let straySpot = fileIndex == 0 && index == 0 ? stray : ""
                return "\(section.isDefault ? "default " : "")xkb_symbols \"s\(index)\" {\n\(includeLines)\(straySpot)\n    key <AC0\(index + 1)> { [ a ] };\n};\n"
            }.joined(separator: "\n")
        }
    }

    /// The section an include reaches, as libxkbcommon resolves it.
    private func resolve(_ include: Include) -> (Int, Int)? {
        guard include.file < sections.count else { return nil }
        let file = sections[include.file]
        guard let section = include.section else {
            return (include.file, file.firstIndex(where: \.isDefault) ?? 0)
        }
        return section < file.count ? (include.file, section) : nil
    }

    /// Whether any section reaches itself.
    var hasLoop: Bool {
        var state: [String: Bool] = [:]  // false: on the path; true: done
        func visit(_ node: (Int, Int)) -> Bool {
            let key = "\(node.0).\(node.1)"
            if let done = state[key] { return !done }
            state[key] = false
            for include in sections[node.0][node.1].includes {
                if let next = resolve(include), visit(next) { return true }
            }
            state[key] = true
            return false
        }
        return sections.indices.contains { file in sections[file].indices.contains { visit((file, $0)) } }
    }
}
