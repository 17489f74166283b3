import Foundation
import XKB

/// KI301 (private-use output), KI302 (unassigned output), KI303 (output not in NFC).
enum OutputRules {
    static func check(_ facts: KeymapFacts) -> [LintFinding] {
        var findings: [LintFinding] = []
        for level in facts.levels {
            for keysym in level.keysyms {
                let text = keysym.text
                guard !text.isEmpty else { continue }
                let code = text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }
                    .joined(separator: " ")
                let what = "\(facts.place(level)) types \(keysym.name) (\(code))"
                if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .privateUse }) {
                    findings.append(facts.finding("KI301", facts.severity(.warning, key: level.name), "\(what), a private-use character that fonts and other systems do not agree on", key: level.name))
                } else if text.unicodeScalars.contains(where: { $0.properties.isNoncharacterCodePoint }) {
                    // xkeyboard-config uses noncharacters on purpose, as keysyms a Compose file of its own gives meaning (fr(bepo_afnor)).
                    findings.append(facts.finding("KI302", .note, "\(what), a noncharacter: only a Compose file of its own gives it a meaning", key: level.name))
                } else if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .unassigned }) {
                    findings.append(facts.finding("KI302", .error, "\(what), which Unicode has not assigned", key: level.name))
                } else if text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars) == false {
                    let nfc = text.precomposedStringWithCanonicalMapping.unicodeScalars
                        .map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(4) }.joined(separator: " ")
                    findings.append(facts.finding("KI303", facts.severity(.warning, key: level.name), "\(what), which is not in normalisation form C (NFC: \(nfc))", key: level.name))
                }
            }
        }
        return findings
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
