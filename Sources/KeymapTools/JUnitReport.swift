/// Writes `.keytest` results as JUnit XML, the report format CI systems read.
public enum JUnitReport {
    /// One `<testsuite>` per file, one `<testcase>` per assertion line.
    public static func xml(_ files: [(String, [KeyTestResult])]) -> String {
        let total = files.reduce(0) { $0 + $1.1.count }
        let failures = files.reduce(0) { $0 + $1.1.filter { !$0.passed }.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"keyinput test\" tests=\"\(total)\" failures=\"\(failures)\">\n"
        for (file, results) in files {
            let failed = results.filter { !$0.passed }.count
            xml += "  <testsuite name=\"\(escape(file))\" tests=\"\(results.count)\" failures=\"\(failed)\">\n"
            for result in results {
                let name = "line \(result.line): \(result.source)"
                xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape(name))\""
                if let failure = result.failure {
                    xml += ">\n      <failure message=\"\(escape(failure))\">\(escape(file)):\(result.line): \(escape(failure))</failure>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// Escapes text for an XML attribute or element, dropping characters XML 1.0 cannot hold.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
