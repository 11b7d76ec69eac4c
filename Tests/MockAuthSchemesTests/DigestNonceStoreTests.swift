import Foundation
import Testing

@testable import MockAuthSchemes

@Suite struct DigestNonceStoreTests {
    @Test func countsMustIncrease() {
        var store = DigestNonceStore(capacity: 4)
        store.insert("n", opaque: "o", issuedAt: testNow)
        let results = [2, 2, 1, 3].map { store.recordUse(of: "n", nonceCount: UInt32($0)) }
        #expect(results == [true, false, false, true])
        #expect(store.state(of: "n") == .counted(at: testNow, opaque: "o", highestNonceCount: 3))
        let unknown = store.recordUse(of: "unknown", nonceCount: 1)
        #expect(!unknown)
    }

    @Test func capacityAndExpiry() {
        var store = DigestNonceStore(capacity: 2)
        store.insert("a", opaque: nil, issuedAt: testNow)
        store.insert("b", opaque: nil, issuedAt: testNow.addingTimeInterval(10))
        store.insert("c", opaque: nil, issuedAt: testNow.addingTimeInterval(20))
        #expect(store.state(of: "a") == nil)
        #expect(store.count == 2)
        store.removeNonces(issuedBefore: testNow.addingTimeInterval(15))
        #expect(store.state(of: "b") == nil)
        #expect(store.state(of: "c") != nil)
    }
}

@Suite struct DigestNonceStoreReplacementTests {
    @Test func aReplacedNonceIsNoLongerUsable() {
        var store = DigestNonceStore(capacity: 4)
        store.insert("n", opaque: "o", issuedAt: testNow)
        store.insert("next", opaque: "o", issuedAt: testNow, asNextNonce: true)
        let first = store.recordUse(of: "n", nonceCount: 1)
        #expect(first)
        store.replace("n")
        #expect(store.state(of: "n") == .replaced(at: testNow, opaque: "o"))
        let afterReplacement = store.recordUse(of: "n", nonceCount: 2)
        #expect(!afterReplacement)
        #expect(!store.isNextNonce("n"))
        #expect(store.isNextNonce("next"))
    }

    @Test func aForgottenNextNonceIsForgottenWhole() {
        var store = DigestNonceStore(capacity: 1)
        store.insert("next", opaque: nil, issuedAt: testNow, asNextNonce: true)
        store.insert("other", opaque: nil, issuedAt: testNow)
        #expect(store.state(of: "next") == nil)
        #expect(!store.isNextNonce("next"))
    }
}
