#if canImport(Glibc)
    import Glibc

    private let streamSocket = Int32(SOCK_STREAM.rawValue)
    private let datagramSocket = Int32(SOCK_DGRAM.rawValue)
    private let systemBind = Glibc.bind
#elseif canImport(Darwin)
    import Darwin

    private let streamSocket = SOCK_STREAM
    private let datagramSocket = SOCK_DGRAM
    private let systemBind = Darwin.bind
#endif

/// A loopback port free for both TCP and UDP at the moment of asking, for a program that binds it
/// itself (the KDC). Another process may take it before the program binds: the realm then retries
/// with another.
enum LoopbackPort {
    /// A port the system chose for TCP on 127.0.0.1 that UDP could bind too; `nil` if none was found
    /// in a few tries.
    static func free() -> Int? {
        for _ in 0..<8 {
            guard let port = bind(streamSocket, port: 0) else { continue }
            if bind(datagramSocket, port: port) != nil { return port }
        }
        return nil
    }

    /// Binds a socket of `type` to 127.0.0.1:`port` and closes it: the port bound, or `nil`.
    private static func bind(_ type: Int32, port: Int) -> Int? {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return nil }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
