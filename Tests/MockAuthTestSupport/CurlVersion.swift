/// A curl release number: `7.88.1` is major 7, minor 88, patch 1.
public struct CurlVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `7.88.1` (a missing patch is 0; a suffix such as `-DEV` is ignored).
    public init?(_ text: some StringProtocol) {
        let numbers = text.split(separator: "-").first?.split(separator: ".").map { Int($0) } ?? []
        guard numbers.count == 2 || numbers.count == 3, let major = numbers[0], let minor = numbers[1] else {
            return nil
        }
        guard let patch = numbers.count == 3 ? numbers[2] : 0 else { return nil }
        self.init(major, minor, patch)
    }

    /// The version of libcurl in `curl --version`'s first line, where curl's behaviour lives
    /// (`curl 7.88.1 (x86_64-pc-linux-gnu) libcurl/7.88.1 OpenSSL/3.0.17 …`); the program's own
    /// version (the second word) when the line names no libcurl.
    public init?(versionLine line: String) {
        let words = line.split(separator: " ")
        guard words.first == "curl" else { return nil }
        if let library = words.first(where: { $0.hasPrefix("libcurl/") }),
            let version = CurlVersion(library.dropFirst("libcurl/".count))
        {
            self = version
        } else if words.count > 1, let version = CurlVersion(words[1]) {
            self = version
        } else {
            return nil
        }
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

/// The curl releases a real-curl case's expectation holds for: those it was recorded with, or a
/// range whose end curl's changelog dates.
public struct CurlVersions: Sendable, CustomStringConvertible {
    /// The first release it holds for.
    public var from: CurlVersion
    /// The first release it no longer holds for; `nil`: every later one.
    public var before: CurlVersion?

    /// Every `major.minor.x` release: the series the expectation was recorded with (`.recordedWith(7, 88)`).
    public static func recordedWith(_ major: Int, _ minor: Int) -> Self {
        Self(from: CurlVersion(major, minor), before: CurlVersion(major, minor + 1))
    }

    /// `from` up to, not including, `before`.
    public static func releases(_ range: Range<CurlVersion>) -> Self {
        Self(from: range.lowerBound, before: range.upperBound)
    }

    /// `from` and every later release.
    public static func releases(_ range: PartialRangeFrom<CurlVersion>) -> Self {
        Self(from: range.lowerBound, before: nil)
    }

    public func contains(_ version: CurlVersion) -> Bool {
        version >= from && before.map { version < $0 } ?? true
    }

    public var description: String {
        guard let before else { return "curl \(from) or later" }
        if from.patch == 0, before == CurlVersion(from.major, from.minor + 1) {
            return "curl \(from.major).\(from.minor).x"
        }
        return "curl \(from) up to (not including) \(before)"
    }
}
