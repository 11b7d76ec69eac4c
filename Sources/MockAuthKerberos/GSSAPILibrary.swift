import MockAuthGSSAPI
import Synchronization

/// The platform's GSS-API library, loaded once per process on first use (MIT Kerberos's
/// `libgssapi_krb5`, from Debian's `libgssapi-krb5-2` or Homebrew's `krb5`).
struct GSSAPILibrary: @unchecked Sendable {
    // @unchecked: a table of C function pointers, written once by the loader and only read after.
    let functions: mockauth_gss_functions

    /// Where the library is looked for, in order.
    static let candidates: [String] = {
        #if os(macOS)
            ["/opt/homebrew/opt/krb5/lib/libgssapi_krb5.dylib", "/usr/local/opt/krb5/lib/libgssapi_krb5.dylib"]
        #else
            ["libgssapi_krb5.so.2", "libgssapi_krb5.so"]
        #endif
    }()

    private static let loaded = Mutex<Result<GSSAPILibrary, KerberosError>?>(nil)

    /// The library, loaded on first use.
    static func shared() throws(KerberosError) -> GSSAPILibrary {
        let result = loaded.withLock { loaded in
            if let loaded { return loaded }
            let result = load()
            loaded = result
            return result
        }
        return try result.get()
    }

    private static func load() -> Result<GSSAPILibrary, KerberosError> {
        var reasons: [String] = []
        for path in candidates {
            var functions = mockauth_gss_functions()
            var error = [CChar](repeating: 0, count: 512)
            if mockauth_gss_load(path, &functions, &error, error.count) == 0 {
                return .success(GSSAPILibrary(functions: functions))
            }
            reasons.append(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return .failure(
            KerberosError(
                "cannot load the GSS-API library (\(reasons.joined(separator: "; "))): \(KerberosError.installHint)"))
    }

    /// The major and minor status of a failed call, in the library's words.
    func describe(major: UInt32, minor: UInt32) -> String {
        var parts = messages(major, type: 1)  // GSS_C_GSS_CODE
        if minor != 0 { parts += messages(minor, type: 2) }  // GSS_C_MECH_CODE
        return parts.joined(separator: ": ")
    }

    private func messages(_ status: UInt32, type: Int32) -> [String] {
        var messages: [String] = []
        var context: UInt32 = 0
        // Bounded: a status has a handful of messages.
        for _ in 0..<8 {
            var minor: UInt32 = 0
            var buffer = mockauth_gss_buffer()
            guard functions.display_status(&minor, status, type, nil, &context, &buffer) == 0 else { break }
            messages.append(text(buffer))
            _ = functions.release_buffer(&minor, &buffer)
            if context == 0 { break }
        }
        return messages
    }

    /// A buffer's bytes as text.
    func text(_ buffer: mockauth_gss_buffer) -> String {
        String(decoding: bytes(buffer), as: UTF8.self)
    }

    /// A buffer's bytes.
    func bytes(_ buffer: mockauth_gss_buffer) -> [UInt8] {
        guard let value = buffer.value, buffer.length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: value, count: buffer.length))
    }
}
