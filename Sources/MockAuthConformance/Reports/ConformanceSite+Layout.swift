import MockAuth

extension ConformanceSite {
    /// The `generator` meta tag of every page: how ``write(to:)`` knows a directory holds its own site.
    static let generator = #"<meta name="generator" content="mockauthd conform site">"#

    /// A whole page: the head (title, stylesheet), a line of navigation back to the index, then
    /// `body`. `root` leads from the page to the site's directory: `""` for `index.html`, `"../"` for
    /// the pages in `clients/` and `scenarios/`. `title` is escaped here; `body` is HTML already.
    static func page(title: String, root: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(generator)
        <title>\(xml(title))</title>
        <link rel="stylesheet" href="\(root)style.css">
        </head>
        <body>
        <nav class="site"><a href="\(root)index.html">MockAuth conformance</a> · <a href="\(root)index.html#clients">clients</a> · <a href="\(root)index.html#scenarios">scenarios</a></nav>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    /// The result of `cell` as a coloured label, marked when the adapter's code decides the cell.
    static func outcome(_ cell: ConformanceCell) -> String {
        let adapter = cell.credit == .adapter ? #" <span class="adapter-mark">(adapter)</span>"# : ""
        return #"<span class="outcome \#(cell.result.rawValue)">\#(cell.result.label)</span>"# + adapter
    }

    /// Whose behaviour `cell` judges, in words, with the credit note when there is one (escaped).
    static func credit(_ cell: ConformanceCell) -> String {
        let who =
            switch cell.credit {
            case .client: "the client"
            case .configured: "the client as configured"
            case .adapter: "the adapter"
            }
        guard let note = cell.creditNote, !note.isEmpty else { return who }
        return #"\#(who): <span class="credit-note">\#(xml(note))</span>"#
    }

    /// How many of `cells` had each result, as coloured counts (`12 PASS 2 FAIL`), results in the
    /// summary's order and only those that occur.
    static func counts(_ cells: [ConformanceCell]) -> String {
        let tally = cells.reduce(into: ResultTally()) { $0.add($1.result) }
        return summaryOutcomes.filter { tally[$0] > 0 }.map {
            #"<span class="count \#($0.rawValue)">\#(tally[$0]) \#($0.label)</span>"#
        }.joined(separator: " ")
    }

    /// The area heading of a scenario with `tags`, `other` when no rule places it.
    static func areaTitle(_ area: ConformanceArea?) -> String { area?.title ?? "other" }

    /// The id of an area's section.
    static func areaAnchor(_ area: ConformanceArea?) -> String { "area-\(area?.rawValue ?? "other")" }

    /// The areas in ``ConformanceArea`` order, then the scenarios no rule places (`nil`), each with
    /// the items that fall in it (in their order); empty areas are left out.
    static func byArea<Item>(_ items: [Item], tags: (Item) -> [String]) -> [(area: ConformanceArea?, items: [Item])] {
        let grouped = Dictionary(grouping: items) { ConformanceArea(tags: tags($0)) }
        let order: [ConformanceArea?] = ConformanceArea.allCases.map { $0 } + [nil]
        return order.compactMap { area in grouped[area].map { (area, $0) } }
    }

    /// The outcomes in the order the summary counts them.
    static var summaryOutcomes: [VerdictResult] { ConformanceReport.summaryOutcomes }

    /// The stylesheet every page links.
    static let stylesheet = """
        body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #222; }
        main { margin: 0 auto; padding: 0 1.5em 3em; max-width: 76em; }
        nav.site { background: #f4f4f4; border-bottom: 1px solid #ddd; padding: .5em 1.5em; }
        nav.site a, nav.areas a { margin-right: .3em; }
        a { color: #0b5394; }
        h1 { font-size: 1.5em; margin: 1em 0 .3em; }
        h2 { font-size: 1.2em; margin: 1.6em 0 .4em; border-bottom: 1px solid #eee; }
        h3 { font-size: 1em; margin: 0 0 .3em; }
        code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .9em; }
        table { border-collapse: collapse; margin: .6em 0; }
        table.client-list, table.scenario-list, table.cells { width: 100%; }
        table.scenario-list td:first-child, table.cells td:first-child { width: 16em; overflow-wrap: anywhere; }
        th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
        th { background: #f4f4f4; }
        td.count { text-align: right; }
        .lead, .version, .about { color: #444; }
        .tag { display: inline-block; background: #eef; border-radius: 3px; padding: 0 .4em; margin-right: .2em; }
        .outcome, .count { font-weight: 600; border-radius: 3px; padding: 0 .35em; white-space: nowrap; }
        .pass { background: #dff5e1; color: #1d6b2a; }
        .fail { background: #fde0e0; color: #a11; }
        .inconclusive { background: #fff4cc; color: #8a6100; }
        .error { background: #f3dcf5; color: #7a1f85; }
        .unsupported { background: #e3eef7; color: #3b5f7a; }
        .skip { background: #eee; color: #777; }
        td.count.pass, td.count.fail, td.count.inconclusive, td.count.error, td.count.unsupported, td.count.skip { background: none; color: inherit; }
        .adapter-mark { color: #666; font-style: italic; }
        .heatmap svg { display: block; max-width: 100%; height: auto; margin: 1em 0; }
        article.cell { border: 1px solid #ddd; border-left-width: 6px; border-radius: 4px; padding: .6em .8em; margin: .7em 0; }
        article.cell-pass { border-left-color: #3a9a4c; }
        article.cell-fail { border-left-color: #c33; }
        article.cell-inconclusive { border-left-color: #d9a400; }
        article.cell-error { border-left-color: #93a; }
        article.cell-unsupported { border-left-color: #5b88aa; }
        article.cell-skip { border-left-color: #aaa; }
        article.cell.adapter { border-style: dashed; }
        :target { box-shadow: 0 0 0 3px #ffd54d; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1em; margin: .3em 0; }
        dt { color: #666; }
        dd { margin: 0; }
        .reason { white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.excerpt { white-space: pre-wrap; overflow-wrap: anywhere; background: #fafafa; border: 1px solid #eee; padding: .6em; margin: .3em 0 0; }
        details > summary { cursor: pointer; color: #555; }
        tr.missing td { color: #999; }

        """
}
