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
