/// Punycode (RFC 3492), the encoding of an internationalized label's A-label (`xn--` + this).
///
/// Only encoding is needed: scenario files may name a server by its U-label (`bücher.test`), and
/// the harness resolves and certifies the A-label (`xn--bcher-kva.test`) that clients look up.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialCodePoint = 0x80

    /// The Punycode of `label` (without the `xn--` prefix), or `nil` when a count overflows.
    static func encode(_ label: String) -> String? {
        let codePoints = label.unicodeScalars.map { Int($0.value) }
        var output = String(String.UnicodeScalarView(label.unicodeScalars.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var codePoint = initialCodePoint
        var delta = 0
        var bias = initialBias
        while handled < codePoints.count {
            guard let next = codePoints.filter({ $0 >= codePoint }).min() else { return nil }
            let (step, overflow) = (next - codePoint).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            codePoint = next
            for point in codePoints {
                if point < codePoint { delta += 1 }
                guard point == codePoint else { continue }
                var remainder = delta
                var position = base
                while true {
                    let threshold = min(max(position - bias, tMin), tMax)
                    if remainder < threshold { break }
                    output.append(digit(threshold + (remainder - threshold) % (base - threshold)))
                    remainder = (remainder - threshold) / (base - threshold)
                    position += base
                }
                output.append(digit(remainder))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            codePoint += 1
        }
        return output
    }

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var position = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            position += base
        }
        return position + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
        return Character(Unicode.Scalar(scalar))
    }
}
