import Foundation

extension ConformanceReport {
    /// A self-contained HTML page: a summary per client and the heat map of clients × areas, then the
    /// matrix (a cell the adapter's code decides outlined and marked), filters by tag and result, and
    /// each cell opening its credit, its reason and what the servers saw. No external resources.
    package func html() throws -> String {
        // Embedded as JSON inside <script>; "</" is escaped so no string can close the element.
        let data = String(decoding: try jsonData(), as: UTF8.self).replacingOccurrences(of: "</", with: "<\\/")
        // Filled in one pass, so nothing inserted is read again as a placeholder.
        let (head, rest) = Self.split(Self.page, at: "@@CLIENTS@@")
        let (middle, tail) = Self.split(rest, at: "@@DATA@@")
        return head + summaryHTML + "\n" + heatMapSVG + middle + data + tail
    }

    /// The text before and after the first `marker` of `text` (all of it before when it has none).
    private static func split(_ text: String, at marker: String) -> (String, String) {
        guard let range = text.range(of: marker) else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    private static let page = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>MockAuth conformance</title>
        <style>
          body { font: 14px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
          h1 { font-size: 1.4em; margin: 0 0 .3em; }
          #summary { color: #555; margin-bottom: 1em; }
          label { margin-right: 1em; }
          table { border-collapse: collapse; margin-top: 1em; }
          th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; }
          th { background: #f4f4f4; position: sticky; top: 0; }
          td.cell { cursor: pointer; font-weight: 600; text-align: center; min-width: 6em; }
          td.pass { background: #dff5e1; color: #1d6b2a; }
          td.fail { background: #fde0e0; color: #a11; }
          td.skip { background: #eee; color: #777; }
          td.unsupported { background: #e3eef7; color: #3b5f7a; }
          td.adapter { outline: 2px dashed #888; outline-offset: -3px; }
          td.inconclusive { background: #fff4cc; color: #8a6100; }
          td.error { background: #f3dcf5; color: #7a1f85; }
          td.tags { color: #777; font-size: .9em; }
          #client-summary td.count { text-align: right; }
          #clients svg { display: block; margin: 1em 0; max-width: 100%; height: auto; }
          #details { white-space: pre-wrap; font-family: ui-monospace, Menlo, monospace; font-size: 12px;
                     background: #fafafa; border: 1px solid #ddd; padding: 1em; margin-top: 1em; display: none; }
        </style>
        </head>
        <body>
        <h1>MockAuth conformance</h1>
        <div id="summary"></div>
        <section id="clients">
        @@CLIENTS@@
        </section>
        <div>
          <label>Tag <select id="tag"><option value="">all</option></select></label>
          <label>Result <select id="result"><option value="">all</option></select></label>
        </div>
        <table id="matrix"><thead></thead><tbody></tbody></table>
        <div id="details" role="region" aria-live="polite"></div>
        <script type="application/json" id="data">@@DATA@@</script>
        <script>
        "use strict";
        const report = JSON.parse(document.getElementById("data").textContent);
        const byKey = new Map(report.results.map(r => [r.client + "\u0000" + r.scenario, r]));
        const tagsOf = new Map(report.results.map(r => [r.scenario, r.tags]));
        const outcomes = ["pass", "fail", "inconclusive", "error", "unsupported", "skip"];
        const counts = outcomes.map(o => report.results.filter(r => r.result === o).length + " " + o.toUpperCase());
        document.getElementById("summary").textContent =
          report.results.length + " cells, " + report.clients.length + " clients × " + report.scenarios.length +
          " scenarios, " + report.seconds.toFixed(1) + " s: " + counts.join(", ");
        const tagSelect = document.getElementById("tag");
        [...new Set(report.results.flatMap(r => r.tags))].sort().forEach(t => tagSelect.add(new Option(t, t)));
        const resultSelect = document.getElementById("result");
        outcomes.forEach(o => resultSelect.add(new Option(o.toUpperCase(), o)));

        function render() {
          const tag = tagSelect.value, wanted = resultSelect.value;
          const head = document.querySelector("#matrix thead");
          head.replaceChildren();
          const row = head.insertRow();
          ["scenario", "tags", ...report.clients].forEach(name => {
            const th = document.createElement("th"); th.textContent = name; row.appendChild(th);
          });
          const body = document.querySelector("#matrix tbody");
          body.replaceChildren();
          for (const scenario of report.scenarios) {
            const tags = tagsOf.get(scenario) || [];
            if (tag && !tags.includes(tag)) continue;
            const cells = report.clients.map(c => byKey.get(c + "\u0000" + scenario));
            if (wanted && !cells.some(c => c && c.result === wanted)) continue;
            const tr = body.insertRow();
            tr.insertCell().textContent = scenario;
            const tagCell = tr.insertCell(); tagCell.className = "tags"; tagCell.textContent = tags.join(", ");
            cells.forEach(cell => {
              const td = tr.insertCell();
              if (!cell) { td.textContent = "–"; return; }
              td.className = "cell " + cell.result + (cell.credit === "adapter" ? " adapter" : "");
              td.textContent = cell.result.toUpperCase() + (cell.credit === "adapter" ? " (adapter)" : "");
              td.title = cell.reason;
              td.tabIndex = 0;
              td.addEventListener("click", () => show(cell));
              td.addEventListener("keydown", e => { if (e.key === "Enter") show(cell); });
            });
          }
        }

        function show(cell) {
          const details = document.getElementById("details");
          details.style.display = "block";
          details.textContent = cell.client + " × " + cell.scenario + ": " + cell.result.toUpperCase() +
            (cell.exitStatus === undefined || cell.exitStatus === null ? "" : " (client exited " + cell.exitStatus + ")") +
            "\ncredited to: " + (cell.credit || "client") + (cell.creditNote ? " (" + cell.creditNote + ")" : "") +
            "\n\n" + cell.reason + "\n\n" + (cell.details || "");
        }

        tagSelect.addEventListener("change", render);
        resultSelect.addEventListener("change", render);
        render();
        document.body.dataset.rendered = String(document.querySelectorAll("td.cell").length);
        </script>
        </body>
        </html>
        """#
}
