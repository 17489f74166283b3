import Foundation
import TestSupport
import Testing

/// The demo compiles keymaps through the same guard as keyinput: an include
/// loop under `--include` crashed it inside libxkbcommon.
@Suite struct DemoIncludeLoopTests {
    @Test func anIncludeLoopIsAFailureNamingTheFileNotACrash() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("symbols/self", "xkb_symbols \"basic\" {\n    include \"self\"\n};\n")
        let output = try DemoBinary.run(["--headless", "--include", folder.path, "--layout", "self", "--state"], timeout: 60)
        #expect(output.status == 1, "a signal ends with 128 + its number: \(output)")
        #expect(output.stderr.contains("\(file):2: a section includes itself"), "\(output)")
    }
}
