import Synchronization

/// Fixed, predictable ports for scenario servers (`serve --port-base`): each server takes the
/// lowest port at or above ``base`` that no live server of this allocator holds, and gives it
/// back when its scenario shuts down.
public final class PortAllocator: Sendable {
    /// The first port handed out.
    public let base: Int
    private let held = Mutex<Set<Int>>([])

    /// - Parameter base: the first port, 1…65535.
    public init(base: Int) {
        self.base = base
    }

    /// Takes the lowest free port at or above ``base``.
    ///
    /// - Throws: ``ServerError`` when every port up to 65535 is held.
    func reserve() throws(ServerError) -> Int {
        let port = held.withLock { held -> Int? in
            var port = base
            while held.contains(port) { port += 1 }
            guard port <= 65_535 else { return nil }
            held.insert(port)
            return port
        }
        guard let port else {
            throw ServerError("no port left at or above \(base) (--port-base): end some runs or choose a lower base")
        }
        return port
    }

    /// Gives `port` back.
    func release(_ port: Int) {
        _ = held.withLock { $0.remove(port) }
    }

    /// The ports held now, in order.
    package var heldPorts: [Int] { held.withLock { $0.sorted() } }
}

/// The fixed ports one scenario took from a ``PortAllocator`` (none without one).
final class PortReservation: Sendable {
    private let allocator: PortAllocator?
    private let ports = Mutex<[Int]>([])

    init(allocator: PortAllocator?) {
        self.allocator = allocator
    }

    /// The next fixed port, or `0` (the system chooses) without an allocator.
    func next() throws(ServerError) -> Int {
        guard let allocator else { return 0 }
        let port = try allocator.reserve()
        ports.withLock { $0.append(port) }
        return port
    }

    /// Gives every port back; a second call gives back nothing.
    func releaseAll() {
        let taken = ports.withLock { ports in
            defer { ports = [] }
            return ports
        }
        for port in taken { allocator?.release(port) }
    }
}
