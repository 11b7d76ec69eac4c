import MockAuthGSSAPI
import MockAuthSchemes
import Synchronization

/// A ``KerberosAcceptor`` on the platform's GSS-API: acceptor credentials for one service key,
/// read from the realm's keytab through MIT's credential store (no process-wide `KRB5_KTNAME`),
/// with the library's replay cache off (``KerberosReplayCache`` in the scheme machine keeps the
/// harness's own, so that nothing is written outside the run's directory).
final class GSSAPIAcceptor: KerberosAcceptor {
    private let library: GSSAPILibrary
    /// The acceptor credential handle, used under the lock (one acceptance at a time).
    private let credential: Mutex<OpaqueHandle>

    /// A GSS-API handle owned by this acceptor.
    private struct OpaqueHandle: @unchecked Sendable {
        // @unchecked: a C pointer used only under the acceptor's lock and released once, in deinit.
        var pointer: UnsafeMutableRawPointer?
    }

    /// Acquires acceptor credentials for the keys of the keytab at `keytabPath` (one service's).
    init(keytabPath: String, library: GSSAPILibrary) throws(KerberosError) {
        self.library = library
        var minor: UInt32 = 0
        var handle: UnsafeMutableRawPointer?
        let major = Self.withStore(keytab: keytabPath) { store in
            library.functions.acquire_cred_from(&minor, nil, 0, nil, 2 /* GSS_C_ACCEPT */, store, &handle, nil, nil)
        }
        guard major == 0, handle != nil else {
            throw KerberosError(
                "cannot read the service key from \(keytabPath): \(library.describe(major: major, minor: minor))")
        }
        credential = Mutex(OpaqueHandle(pointer: handle))
    }

    deinit {
        credential.withLock { handle in
            var minor: UInt32 = 0
            if handle.pointer != nil { _ = library.functions.release_cred(&minor, &handle.pointer) }
        }
    }

    private static func withStore<Result>(
        keytab: String, _ body: (UnsafePointer<mockauth_gss_key_value_set>) -> Result
    ) -> Result {
        keytab.withCString { keytab in
            "keytab".withCString { keytabKey in
                "rcache".withCString { rcacheKey in
                    "none:".withCString { none in
                        var elements = [
                            mockauth_gss_key_value_element(key: keytabKey, value: keytab),
                            mockauth_gss_key_value_element(key: rcacheKey, value: none),
                        ]
                        return elements.withUnsafeMutableBufferPointer { elements in
                            var store = mockauth_gss_key_value_set(
                                count: UInt32(elements.count), elements: elements.baseAddress)
                            return withUnsafePointer(to: &store, body)
                        }
                    }
                }
            }
        }
    }

    func accept(_ initialContextToken: [UInt8]) -> KerberosAcceptance {
        credential.withLock { handle in
            var minor: UInt32 = 0
            var context: UnsafeMutableRawPointer?
            var sourceName: UnsafeMutableRawPointer?
            var delegated: UnsafeMutableRawPointer?
            var output = mockauth_gss_buffer()
            var flags: UInt32 = 0
            var token = initialContextToken
            let major = token.withUnsafeMutableBytes { bytes in
                var input = mockauth_gss_buffer(length: bytes.count, value: bytes.baseAddress)
                return library.functions.accept_sec_context(
                    &minor, &context, handle.pointer, &input, nil, &sourceName, nil, &output, &flags, nil, &delegated)
            }
            defer {
                var ignored: UInt32 = 0
                if output.value != nil { _ = library.functions.release_buffer(&ignored, &output) }
                if sourceName != nil { _ = library.functions.release_name(&ignored, &sourceName) }
                // The forwarded ticket-granting ticket is noted, never kept.
                if delegated != nil { _ = library.functions.release_cred(&ignored, &delegated) }
                if context != nil { _ = library.functions.delete_sec_context(&ignored, &context, nil) }
            }
            // GSS_S_COMPLETE only: a Kerberos AP-REQ completes in one step (GSS_S_CONTINUE_NEEDED is
            // user-to-user, which no HTTP client uses).
            guard major == 0 else { return .rejected(reason: library.describe(major: major, minor: minor)) }
            var name = mockauth_gss_buffer()
            var nameMinor: UInt32 = 0
            guard library.functions.display_name(&nameMinor, sourceName, &name, nil) == 0 else {
                return .rejected(reason: "the ticket's client name cannot be read")
            }
            let clientPrincipal = library.text(name)
            _ = library.functions.release_buffer(&nameMinor, &name)
            let reply = library.bytes(output)
            // GSS_C_DELEG_FLAG (1): the client forwarded its ticket-granting ticket.
            return .accepted(
                clientPrincipal: clientPrincipal, delegated: flags & 1 != 0, replyToken: reply.isEmpty ? nil : reply)
        }
    }
}
