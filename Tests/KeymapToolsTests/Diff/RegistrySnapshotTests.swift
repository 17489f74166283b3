import Foundation
import KeymapTools
import TestSupport
import Testing
import XKB

@Suite struct RegistrySnapshotTests {
    @Test func aSnapshotComparesEqualThenShowsDrift() throws {
        let folder = try TemporaryFolder()
        let snapshot = folder.file("snapshot")
        let names = ["us", "de", "de(nodeadkeys)"]
        let failures = try RegistrySnapshot.write(names, to: snapshot, threads: 2)
        #expect(failures.isEmpty, "\(failures)")
        let files = try FileManager.default.contentsOfDirectory(atPath: snapshot).sorted()
        #expect(files == ["de(nodeadkeys).xkb", "de.xkb", "us.xkb"])

        let same = try RegistrySnapshot.compare(names, with: snapshot, threads: 2)
        #expect(same.map(\.name) == names)
        for comparison in same {
            guard case .same = comparison.outcome else {
                Issue.record("\(comparison.name) is not the same as its snapshot: \(comparison.outcome)")
                continue
            }
        }

        // Drift: de's snapshot holds de(nodeadkeys); us is missing; an old layout is left over.
        try FileManager.default.removeItem(atPath: (snapshot as NSString).appendingPathComponent("de.xkb"))
        try FileManager.default.copyItem(
            atPath: (snapshot as NSString).appendingPathComponent("de(nodeadkeys).xkb"),
            toPath: (snapshot as NSString).appendingPathComponent("de.xkb"))
        try FileManager.default.moveItem(
            atPath: (snapshot as NSString).appendingPathComponent("us.xkb"),
            toPath: (snapshot as NSString).appendingPathComponent("old.xkb"))
        let drift = try RegistrySnapshot.compare(names, with: snapshot, threads: 2)
        let outcomes = Dictionary(uniqueKeysWithValues: drift.map { ($0.name, $0.outcome) })
        guard case .added = outcomes["us"] else { Issue.record("us: \(String(describing: outcomes["us"]))"); return }
        guard case .removed = outcomes["old"] else { Issue.record("old: \(String(describing: outcomes["old"]))"); return }
        guard case .changed(let diff) = outcomes["de"] else { Issue.record("de: \(String(describing: outcomes["de"]))"); return }
        // The snapshot (A) has no dead keys, today's de (B) has them.
        #expect(diff.text().contains("TLDE level 1: asciicircum (^) → dead_circumflex"), "\(diff.text())")
        guard case .same = outcomes["de(nodeadkeys)"] else { Issue.record("de(nodeadkeys) changed"); return }
    }

    @Test func onlySomeLayoutsAreListed() throws {
        let registry = try Registry()
        let names = RegistrySnapshot.names(in: registry, layouts: ["de"])
        #expect(names.contains("de"))
        #expect(names.contains("de(nodeadkeys)"))
        #expect(names.allSatisfy { $0 == "de" || $0.hasPrefix("de(") }, "\(names)")
    }
}
