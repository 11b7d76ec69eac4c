/// Escapes text for XML attributes and content (and drops characters XML 1.0 cannot hold): the
/// JUnit report, the SVG heat map and the HTML summary.
func xml(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&apos;"
        case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
        default:
            if scalar.value >= 0x20 { escaped.unicodeScalars.append(scalar) }
        }
    }
    return escaped
}
