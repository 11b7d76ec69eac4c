/// Where nonces and server challenges come from. Injected so tests are deterministic.
package struct AuthRandomSource: Sendable {
    private enum Storage: Sendable {
        case system
        case seeded(UInt64)
        case generator(any RandomNumberGenerator & Sendable)
        case closure(@Sendable (Int) -> [UInt8])
    }

    private var storage: Storage

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The system's cryptographically secure generator.
    package static var system: AuthRandomSource { AuthRandomSource(storage: .system) }

    /// A deterministic generator (SplitMix64) for tests; not secure.
    package static func seeded(_ seed: UInt64) -> AuthRandomSource { AuthRandomSource(storage: .seeded(seed)) }

    /// Wraps any random number generator.
    package init(_ generator: some RandomNumberGenerator & Sendable) {
        self.storage = .generator(generator)
    }

    /// Uses a closure returning `count` bytes; shorter results are zero-padded, longer ones truncated.
    package init(bytes: @escaping @Sendable (Int) -> [UInt8]) {
        self.storage = .closure(bytes)
    }

    /// Returns `count` random bytes.
    package mutating func bytes(_ count: Int) -> [UInt8] {
        let count = max(0, count)
        switch storage {
        case .system:
            var generator = SystemRandomNumberGenerator()
            return Self.fill(count) { generator.next() }
        case .seeded(var state):
            let result = Self.fill(count) { Self.splitMix(&state) }
            storage = .seeded(state)
            return result
        case .generator(var generator):
            let result = Self.fill(count) { generator.next() }
            storage = .generator(generator)
            return result
        case .closure(let produce):
            let produced = produce(count)
            return Array(produced.prefix(count)) + Array(repeating: 0, count: max(0, count - produced.count))
        }
    }

    /// A new source for another consumer: independent streams for seeded sources, the same source otherwise.
    package mutating func split() -> AuthRandomSource {
        switch storage {
        case .seeded(var state):
            let seed = Self.splitMix(&state)
            storage = .seeded(state)
            return .seeded(seed)
        case .system, .generator, .closure:
            return self
        }
    }

    private static func fill(_ count: Int, next: () -> UInt64) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            var word = next()
            for _ in 0..<8 where out.count < count {
                out.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return out
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
