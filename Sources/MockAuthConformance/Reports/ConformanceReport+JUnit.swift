extension ConformanceReport {
    /// JUnit XML: one test suite per client, one test case per scenario; FAIL and ERROR are
    /// failures and errors, SKIP and INCONCLUSIVE are skipped (with the reason).
    package var junitXML: String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(
            #"<testsuites name="mockauthd conform" tests="\#(results.count)" time="\#(String(format: "%.3f", seconds))">"#
        )
        for client in clients {
            let cells = results.filter { $0.client == client }
            let failures = cells.filter { $0.result == .fail }.count
            let errors = cells.filter { $0.result == .error }.count
            let skipped = cells.filter { $0.result == .skip || $0.result == .inconclusive }.count
            lines.append(
                #"  <testsuite name="\#(xml(client))" tests="\#(cells.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)">"#
            )
            for cell in cells {
                let time = String(format: "%.3f", Double(cell.milliseconds) / 1000)
                let open =
                    #"    <testcase classname="mockauth.\#(xml(client))" name="\#(xml(cell.scenario))" time="\#(time)""#
                switch cell.result {
                case .pass:
                    lines.append(open + "/>")
                case .fail:
                    lines.append(open + ">")
                    lines.append(#"      <failure message="\#(xml(cell.reason))">\#(xml(cell.details))</failure>"#)
                    lines.append("    </testcase>")
                case .error:
                    lines.append(open + ">")
                    lines.append(#"      <error message="\#(xml(cell.reason))"/>"#)
                    lines.append("    </testcase>")
                case .skip, .inconclusive:
                    lines.append(open + ">")
                    lines.append(#"      <skipped message="\#(cell.result.label): \#(xml(cell.reason))"/>"#)
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
