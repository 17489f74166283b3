import Foundation
import TestSupport
import Testing

// `keyinput type --json` against Tests/Reference/xkb-reference.c, a small C
// program written directly on libxkbcommon that turns key events into text by
// the same rules: keysyms and text are read before a press changes the state;
// dead keys and Compose sequences swallow keys until they compose; BackSpace
// deletes, Return inserts "\n", control characters insert nothing. Both get the
// same random key sequences (fixed seeds) on many layouts, variants, options
// and keymap files, with compose on and off; every event and the final text must agree.


@Suite struct ReferenceComparisonTests {
    static let tokensPerCase = Int(ProcessInfo.processInfo.environment["KEYINPUT_REFERENCE_TOKENS"] ?? "") ?? 500
    static let baseSeed = UInt64(ProcessInfo.processInfo.environment["KEYINPUT_REFERENCE_SEED"] ?? "") ?? 0x4B45_5949_4E50_5554

    /// Runs both programs on one sequence and returns what differs, or nothing.
    func compare(_ testCase: ReferenceCase, _ sequence: KeySequence, folder: TemporaryFolder) throws -> [String] {
        var keymap = testCase.keymapArguments
        if let file = testCase.keymapFile {
            keymap = ["--keymap", (packageRoot as NSString).appendingPathComponent(file)]
        } else if let text = testCase.keymapText {
            keymap = ["--keymap", try folder.write("custom.xkb", text)]
        } else if let symbols = testCase.includedSymbols {
            let xkb = (folder.path as NSString).appendingPathComponent("xkb")
            try FileManager.default.createDirectory(
                atPath: (xkb as NSString).appendingPathComponent("symbols"), withIntermediateDirectories: true)
            try folder.write("xkb/symbols/kitest", symbols)
            keymap = ["--include", xkb] + keymap
        }
        let tokenFile = try folder.write("tokens.txt", sequence.tokens.joined(separator: "\n") + "\n")

        let reference = try ProcessRunner.run(
            try Reference.path(), keymap + testCase.composeArguments, stdin: Data(sequence.referenceInput.utf8))
        try #require(reference.status == 0, "the reference failed: \(reference)")
        let keyinput = try Keyinput.run(
            ["type", "--json"] + keymap + testCase.composeArguments + ["--input", tokenFile])
        try #require(keyinput.status == 0, "keyinput type failed: \(keyinput)")

        let expected = try parseTypeOutput(reference.stdoutData, program: "reference")
        let actual = try parseTypeOutput(keyinput.stdoutData, program: "keyinput")
        var problems: [String] = []
        if expected.events.count != actual.events.count {
            problems.append("reference reports \(expected.events.count) events, keyinput \(actual.events.count)")
        }
        for index in 0..<min(expected.events.count, actual.events.count) {
            var want = expected.events[index]
            want.key = sequence.events[index].name
            let got = actual.events[index]
            guard want != got else { continue }
            let token = sequence.tokenOfEvent[index]
            let context = sequence.tokens[max(0, token - 12)...token].joined(separator: " ")
            problems.append(
                """
                event \(index) (token \(token + 1) "\(sequence.tokens[token])"):
                  reference: \(want)
                  keyinput:  \(got)
                  tokens before it: \(context)
                """)
            if problems.count >= 5 { break }
        }
        let want = Array(expected.text.unicodeScalars)
        let got = Array(actual.text.unicodeScalars)
        if want != got {
            let same = zip(want, got).prefix { $0 == $1 }.count
            func around(_ scalars: [Unicode.Scalar]) -> String {
                String(String.UnicodeScalarView(scalars[max(0, same - 10)..<min(scalars.count, same + 20)]))
                    .debugDescription
            }
            problems.append(
                """
                final text (\(want.count) and \(got.count) scalars) differs from scalar \(same) on: \
                reference …\(around(want)), keyinput …\(around(got))
                """)
        }
        return problems
    }

    @Test(
        "keyinput type --json agrees with the C reference",
        .enabled(if: Reference.compiler != nil, "no C compiler (cc or clang) on PATH: the reference cannot be built"),
        arguments: ReferenceCase.all)
    func agreesWithReference(_ testCase: ReferenceCase) throws {
        let seed = Self.baseSeed ^ stableHash(testCase.testDescription)
        var random = SplitMix64(seed: seed)
        let sequence = KeySequence.random(tokenCount: Self.tokensPerCase, using: &random)
        let folder = try TemporaryFolder()
        let problems = try compare(testCase, sequence, folder: folder)
        if !problems.isEmpty {
            Issue.record(
                """
                keyinput and the reference disagree on \(testCase.testDescription) \
                (seed 0x\(String(seed, radix: 16)), \(sequence.tokens.count) tokens):
                \(problems.joined(separator: "\n"))
                """)
        }
    }

    /// The reference itself, on sequences whose answer is known: it must be
    /// right before it can judge anything.
    @Test(.enabled(if: Reference.compiler != nil, "no C compiler (cc or clang) on PATH: the reference cannot be built"))
    func referenceTypesKnownText() throws {
        let reference = try Reference.path()
        // German: dead acute then e, Y is z, Ctrl+A nothing, BackSpace, Return, KP_Enter, Caps Lock.
        let result = try ProcessRunner.run(
            reference, ["--layout", "de", "--compose", "en_US.UTF-8"],
            stdin: Data("d13 u13 d18 u18 d21 u21 d29 d30 u30 u29 d16 u16 d14 u14 d28 u28 d96 u96 d58 u58 d30 u30 r30".utf8))
        try #require(result.status == 0, "\(result)")
        let parsed = try parseTypeOutput(result.stdoutData, program: "reference")
        #expect(parsed.text == "éz\n\nAA")
        #expect(parsed.events.map(\.action).prefix(4) == ["composing", "none", "insertText", "none"])
        #expect(parsed.events[0].keysyms == [0xFE51])  // dead_acute
        #expect(parsed.events[7].keysyms == [0x61] && parsed.events[7].action == "none")  // Ctrl+A
        #expect(parsed.events.last?.direction == "repeat")
        // Caps Lock: one_sym gives A, and the repeat is looked up like a press.
        #expect(parsed.events.last?.keysyms == [0x41])
    }

    /// The same sequence gives the same tokens every time (the seed is the test).
    @Test func sequencesAreReproducible() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        #expect(
            KeySequence.random(tokenCount: 200, using: &first).tokens
                == KeySequence.random(tokenCount: 200, using: &second).tokens)
        var known = SplitMix64(seed: 0)
        // SplitMix64's published first output for seed 0.
        #expect(known.next() == 0xE220_A839_7B1D_CDAF)
    }
}
