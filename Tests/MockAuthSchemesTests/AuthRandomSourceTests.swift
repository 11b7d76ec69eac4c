import Testing

@testable import MockAuthSchemes

@Suite struct AuthRandomSourceTests {
    @Test func seededIsDeterministic() {
        var first = AuthRandomSource.seeded(42)
        var second = AuthRandomSource.seeded(42)
        #expect(first.bytes(33) == second.bytes(33))
        #expect(first.bytes(5).count == 5)
    }

    @Test func splitStreamsDiffer() {
        var source = AuthRandomSource.seeded(1)
        var a = source.split()
        var b = source.split()
        #expect(a.bytes(8) != b.bytes(8))
    }

    @Test func closureIsPaddedOrTruncated() {
        var short = AuthRandomSource(bytes: { _ in [1, 2] })
        #expect(short.bytes(4) == [1, 2, 0, 0])
        var long = AuthRandomSource(bytes: { _ in [1, 2, 3, 4, 5] })
        #expect(long.bytes(3) == [1, 2, 3])
        var system = AuthRandomSource.system
        #expect(system.bytes(16).count == 16)
        #expect(system.bytes(-1).isEmpty)
    }
}
