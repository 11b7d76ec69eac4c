/// File names for the conformance site's pages (``ConformanceSite``): one stem per client or
/// scenario name, safe on every file system and in a URL, unique, and stable from run to run.
///
/// A name made of lowercase ASCII letters, digits, `-` and `_` (every scenario name, every reference
/// client) is its own stem: `curl` is `clients/curl.html`. Any other name is mapped: uppercase letters
/// are lowered, every run of other characters becomes one `-`, the result is cut to 64 characters, and
/// eight hex digits of the name's hash are appended (`Java 17 <beta>` is `java-17-beta-1a2b3c4d`), so
/// two names that differ only in case or in unsafe characters never share a file, even on a file
/// system that ignores case. Stems are made only of `a`–`z`, `0`–`9`, `-` and `_`: nothing in a link
/// needs escaping. Should two names still meet (a name written as another's mapped stem), the later
/// one, in the order given, gets `-2`, `-3` ….
package struct SiteFileNames: Sendable, Equatable {
    private var stems: [String: String] = [:]

    /// The stems of `names`, in this order (a name given twice has one stem).
    package init(_ names: [String]) {
        var used: Set<String> = []
        for name in names where stems[name] == nil {
            var stem = Self.stem(name)
            if used.contains(stem) {
                var number = 2
                while used.contains("\(stem)-\(number)") { number += 1 }
                stem = "\(stem)-\(number)"
            }
            used.insert(stem)
            stems[name] = stem
        }
    }

    /// The stem of `name`: its own when given, else the mapping alone.
    package subscript(_ name: String) -> String {
        stems[name] ?? Self.stem(name)
    }

    /// The longest stem kept from a name before its hash is appended.
    package static let maximumLength = 64

    /// `name` mapped to a safe stem, before any uniqueness suffix.
    package static func stem(_ name: String) -> String {
        var stem = ""
        var mapped = false
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "-", "_":
                stem.unicodeScalars.append(scalar)
            case "A"..."Z":
                stem += String(scalar).lowercased()
                mapped = true
            default:
                if !stem.hasSuffix("-") { stem += "-" }
                mapped = true
            }
        }
        if stem.count > maximumLength {
            stem = String(stem.prefix(maximumLength))
            mapped = true
        }
        guard mapped || stem.isEmpty else { return stem }
        let trimmed = stem.drop { $0 == "-" }.reversed().drop { $0 == "-" }.reversed()
        return (trimmed.isEmpty ? "name" : String(trimmed)) + "-" + hash(name)
    }

    /// Eight hex digits of the 32-bit FNV-1a hash of `name`'s UTF-8: the same on every machine and run.
    static func hash(_ name: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
