import MockAuthTestSupport
import Testing

@testable import MockAuthSchemes

@Suite struct MD4Tests {
    /// RFC 1320 §A.5 test suite.
    @Test(arguments: [
        ("", "31d6cfe0d16ae931b73c59d7e0c089c0"),
        ("a", "bde52cb31de33e46245e05fbdbd6fb24"),
        ("abc", "a448017aaf21d8525fc10ae87aa6729d"),
        ("message digest", "d9130a8164549fe818874806e1c7014b"),
        ("abcdefghijklmnopqrstuvwxyz", "d79e1c308aa5bbcdeea8ed63df412da9"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "043f8582f241db351ce627e153e7f0e4"),
        (String(repeating: "1234567890", count: 8), "e33b4ddc9c38f2199c3e7b164fcc0536"),
    ])
    func rfc1320Suite(input: String, expected: String) {
        #expect(hexOf(MD4.hash(Array(input.utf8))) == expected)
    }

    @Test func blockBoundaries() {
        for length in [55, 56, 63, 64, 65, 119, 120, 128] {
            #expect(MD4.hash(Array(repeating: 0x61, count: length)).count == 16)
        }
    }
}
