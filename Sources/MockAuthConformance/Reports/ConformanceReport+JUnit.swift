extension ConformanceReport {
    /// JUnit XML: one test suite per client, one test case per scenario; FAIL and ERROR are
    /// failures and errors, UNSUPPORTED, SKIP and INCONCLUSIVE are skipped (with the reason). A cell
    /// credited to the adapter says so in its name.
    package var junitXML: String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(
            #"<testsuites name="mockauthd conform" tests="\#(results.count)" time="\#(String(format: "%.3f", seconds))">"#
        )
        for client in clients {
            let cells = results.filter { $0.client == client }
            let failures = cells.filter { $0.result == .fail }.count
            let errors = cells.filter { $0.result == .error }.count
            let skipped = cells.filter { [.unsupported, .skip, .inconclusive].contains($0.result) }.count
            lines.append(
                #"  <testsuite name="\#(xml(client))" tests="\#(cells.count)" failures="\#(failures)" errors="\#(errors)" skipped="\#(skipped)">"#
            )
            for cell in cells {
                let time = String(format: "%.3f", Double(cell.milliseconds) / 1000)
                let name = cell.credit == .adapter ? "\(cell.scenario) (adapter)" : cell.scenario
                let open =
                    #"    <testcase classname="mockauth.\#(xml(client))" name="\#(xml(name))" time="\#(time)""#
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
                case .unsupported, .skip, .inconclusive:
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
