import Foundation

/// The figures of one `make bench` run, as a Markdown section of `docs/performance.md`.
struct Report {
    struct Row {
        var measure: String
        var mockAuth: String
        var anchors: String
        var ratio: String
        var target: String
    }

    var rows: [Row] = []
    var notes: [String] = []

    mutating func add(
        _ measure: String, mockAuth: String, anchors: String = "—", ratio: String = "—", target: String = ""
    ) {
        rows.append(Row(measure: measure, mockAuth: mockAuth, anchors: anchors, ratio: ratio, target: target))
        print("  \(measure): \(mockAuth)  [\(anchors)]  ratio \(ratio)  \(target)")
        fflush(nil)
    }

    mutating func note(_ text: String) {
        notes.append(text)
        print("  note: \(text)")
        fflush(nil)
    }

    /// The section, between the markers `make bench` replaces.
    func markdown(command: String, seconds: Int, rounds: Int) -> String {
        var lines = [
            Report.begin,
            "## The figures of the last `make bench`",
            "",
            "\(Machine.describe()); \(Self.date()). Command: `\(command)` (wrk: keep-alive 8 connections, new TLS connections 32 connections, each with one wrk thread and with two; each throughput figure the median of \(rounds) runs of \(seconds) s, MockAuth and the minimal server back to back in every round, each first in every other round, each CPU-per-request figure the median of the same runs; each ratio the median of the rounds' ratios, MockAuth's figure over the minimal NIO server's of the same round, with their range; with one wrk thread, wrk runs on core 0 and every server on the other cores; every server on the same machine, in the same invocation; release builds).",
            "",
            "| measure | MockAuth | anchors in the same run | ratio | target (issues 12, 13, 23, 35) |",
            "|---|---|---|---|---|",
        ]
        lines += rows.map { "| \($0.measure) | \($0.mockAuth) | \($0.anchors) | \($0.ratio) | \($0.target) |" }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- \($0)" }
        }
        lines.append(Report.end)
        return lines.joined(separator: "\n")
    }

    static let begin = "<!-- make bench: begin (generated, do not edit by hand) -->"
    static let end = "<!-- make bench: end -->"

    /// Replaces the generated section of `file` (or appends it).
    func write(to file: String, command: String, seconds: Int, rounds: Int) throws {
        let section = markdown(command: command, seconds: seconds, rounds: rounds)
        var text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? "# Performance\n"
        if let start = text.range(of: Report.begin),
            let stop = text.range(of: Report.end, range: start.upperBound..<text.endIndex)
        {
            text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
        } else {
            text += "\n" + section + "\n"
        }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    static func date() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }
}

/// "66.1k req/s", "1.2 ms", ratios "0.93x".
enum Format {
    static func rate(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.1fk req/s", value / 1000) : String(format: "%.0f req/s", value)
    }

    static func ratio(_ value: Double, _ anchor: Double) -> String {
        anchor > 0 ? String(format: "%.2fx", value / anchor) : "—"
    }

    /// The median of the rounds' ratios (`values[i] / anchors[i]`, the same round), with their
    /// range: "1.06x (1.02–1.11)".
    static func pairedRatio(_ values: [Double], over anchors: [Double]) -> String {
        let ratios = zip(values, anchors).compactMap { value, anchor in anchor > 0 ? value / anchor : nil }
        guard let low = ratios.min(), let high = ratios.max() else { return "—" }
        let median = Percentiles(ratios).median
        return ratios.count == 1
            ? String(format: "%.2fx", median) : String(format: "%.2fx (%.2f–%.2f)", median, low, high)
    }

    static func milliseconds(_ seconds: Double) -> String {
        seconds < 0.01 ? String(format: "%.3f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000)
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }
    static func megabytes(_ value: Double?) -> String { value.map { String(format: "%.1f MB", $0) } ?? "?" }
}

enum Machine {
    /// "2 cores (AMD EPYC …), 24 GiB, Linux 6.1".
    static func describe() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        let model =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown processor"
        return String(format: "%d cores (%@), %.0f GiB", cores, model, memory)
    }
}

/// Median and 99th percentile of a sample.
struct Percentiles {
    var median: Double
    var p99: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    }
}
