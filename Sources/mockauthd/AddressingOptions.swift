import ArgumentParser
import MockAuthClients
import MockAuthPKI

/// Where `serve`'s scenario servers listen and the names their URLs and certificates use, for
/// clients on other machines (devices, containers).
struct AddressingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Address the scenario servers listen on (default: loopback).",
            discussion: "Any address outside 127.0.0.0/8 and ::1 lets anyone on that network reach the servers.",
            valueName: "address"))
    var bind: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Name (DNS name or IP address) clients elsewhere reach this machine by; give it twice for cross-host scenarios.",
            discussion: """
                URLs of servers a scenario names 127.0.0.1 use the first name, servers named localhost the \
                second. Every name is added to the server certificates' subjectAltName.
                """,
            valueName: "name"))
    var hostName: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "First of the fixed ports the servers take in order (default: ports the system chooses).",
            valueName: "port"))
    var portBase: Int?

    func validate() throws {
        guard hostName.count <= 2 else {
            throw ValidationError(
                "--host-name is given at most twice: for the servers named 127.0.0.1, then for those named localhost")
        }
        for name in hostName where !Self.isHostName(name) {
            throw ValidationError("--host-name '\(name)' is neither a DNS name nor an IP address")
        }
        if let bind, bind.isEmpty || bind.contains(where: \.isWhitespace) {
            throw ValidationError("--bind takes one address, e.g. 0.0.0.0 or 192.168.1.20")
        }
        if let portBase, !(1...65_535).contains(portBase) {
            throw ValidationError("--port-base must be 1…65535")
        }
    }

    /// The addressing the scenario servers get.
    func addressing() -> ServerAddressing {
        ServerAddressing(bindAddress: bind, hostNames: hostName, ports: portBase.map { PortAllocator(base: $0) })
    }

    /// The warning `serve` prints when the servers can be reached from other machines, or `nil`.
    static func exposureWarning(_ addressing: ServerAddressing) -> String? {
        guard addressing.reachesBeyondLoopback, let bind = addressing.bindAddress else { return nil }
        return """
            warning: the scenario servers listen on \(bind): anyone who can reach this machine on that network \
            can connect to them, and the scenarios' passwords are public in the catalog. Use it on a network you trust.
            """
    }

    /// A DNS name (letters, digits, hyphens, dots; labels of 1…63) or an IP literal.
    static func isHostName(_ name: String) -> Bool {
        if IPAddressLiteral.bytes(of: name) != nil { return true }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty && name.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}
