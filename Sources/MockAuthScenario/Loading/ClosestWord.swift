/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo,
/// or one that `word` starts with or abbreviates (`expectations` → `expect`).
package func closestWord(to word: String, among candidates: [String]) -> String? {
    let limit = max(2, word.count / 3)
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }
    if let closest = scored.min(by: { $0.1 < $1.1 })?.0 { return closest }
    return candidates.filter { $0.count >= 3 && (word.hasPrefix($0) || $0.hasPrefix(word)) }
        .min { abs($0.count - word.count) < abs($1.count - word.count) }
}

/// Levenshtein distance between two strings, by characters.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
