import MockAuthPKI
import MockAuthScenario
import MockAuthTranscript
import MockAuthVocabulary
import NIOCore
import NIOEmbedded
import NIOSSL
import NIOTLS
import Testing

@testable import MockAuthServer

/// An error that describes itself the way NIOSSL describes a BoringSSL handshake failure.
struct BoringSSLLikeError: Error, CustomStringConvertible {
    var reason: String

    var description: String {
        "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268436502 error:10000416:SSL routines:"
            + "OPENSSL_internal:\(reason)]))"
    }
}

@Suite("TLSTranscriptHandler and TLSHandshakeSniffer: how handshakes are recorded")
struct TLSTranscriptHandlerTests {
    /// The plaintext alert record an OpenSSL client sends to abort a TLS 1.3 handshake: alert
    /// (21), TLS 1.2 record version, length 2, fatal (2), unknown_ca (48).
    static let unknownCAAlert: [UInt8] = [0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x30]

    /// A TLS connection's recorder, and a channel with the sniffer and the transcript handler in
    /// the order the server pipeline has them (minus the TLS handler itself).
    func tlsChannel() throws -> (EmbeddedChannel, ConnectionRecorder, InboundEventLog) {
        let recorder = Fixtures.connectionRecorder(usesTLS: true)
        let log = InboundEventLog()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            TLSHandshakeSniffer(recorder: recorder), TLSTranscriptHandler(recorder: recorder), log,
        ])
        try channel.activate()
        return (channel, recorder, log)
    }

    @Test("handshakeCompleted is recorded as completed and passed on; later errors change nothing")
    func completed() throws {
        let (channel, recorder, log) = try tlsChannel()
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .inProgress))
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: nil))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))
        #expect(log.events == ["handshakeCompleted(negotiatedProtocol: nil)"])

        channel.pipeline.fireErrorCaught(BoringSSLLikeError(reason: "TLSV1_ALERT_UNKNOWN_CA"))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))
        #expect(log.errors.count == 1)
    }

    @Test("once a completed handshake is recorded, the transcript handler leaves the pipeline; events still pass")
    func leavesOnceCompleted() throws {
        let (channel, recorder, log) = try tlsChannel()
        #expect(throws: Never.self) { try channel.pipeline.syncOperations.handler(type: TLSTranscriptHandler.self) }
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: nil))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))
        #expect(throws: ChannelPipelineError.notFound) {
            try channel.pipeline.syncOperations.handler(type: TLSTranscriptHandler.self)
        }
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.shutdownCompleted)
        channel.pipeline.fireErrorCaught(BoringSSLLikeError(reason: "TLSV1_ALERT_UNKNOWN_CA"))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))
        #expect(log.events == ["handshakeCompleted(negotiatedProtocol: nil)", "shutdownCompleted"])
        #expect(log.errors.count == 1)
    }

    @Test("a failed handshake keeps the transcript handler in place")
    func staysAfterFailure() throws {
        let (channel, recorder, _) = try tlsChannel()
        channel.pipeline.fireErrorCaught(BoringSSLLikeError(reason: "TLSV1_ALERT_UNKNOWN_CA"))
        #expect(recorder.record.tls?.state == .failed)
        #expect(throws: Never.self) { try channel.pipeline.syncOperations.handler(type: TLSTranscriptHandler.self) }
    }

    @Test(
        "a handshake error is recorded as failed, with the alert the reason names",
        arguments: [
            (
                "TLSV1_ALERT_UNKNOWN_CA",
                TLSHandshakeRecord(state: .failed, alert: "unknown_ca", error: "TLSV1_ALERT_UNKNOWN_CA")
            ),
            (
                "SSLV3_ALERT_CERTIFICATE_EXPIRED",
                TLSHandshakeRecord(
                    state: .failed, alert: "certificate_expired", error: "SSLV3_ALERT_CERTIFICATE_EXPIRED")
            ),
            ("WRONG_VERSION_NUMBER", TLSHandshakeRecord(state: .failed, error: "WRONG_VERSION_NUMBER")),
        ])
    func failed(reason: String, expected: TLSHandshakeRecord) throws {
        let (channel, recorder, log) = try tlsChannel()
        channel.pipeline.fireErrorCaught(BoringSSLLikeError(reason: reason))
        #expect(recorder.record.tls == expected)
        #expect(log.errors == [BoringSSLLikeError(reason: reason).description])
    }

    @Test("an error without BoringSSL reason codes is recorded in its own words")
    func failedWithoutReasonCode() throws {
        let (channel, recorder, _) = try tlsChannel()
        channel.pipeline.fireErrorCaught(NIOSSLError.handshakeFailed(.sslError([])))
        #expect(recorder.record.tls?.state == .failed)
        #expect(recorder.record.tls?.alert == nil)
        #expect(recorder.record.tls?.error == String(describing: NIOSSLError.handshakeFailed(.sslError([]))))
    }

    @Test("the sniffer notes a plaintext alert, passes the bytes on, and steps out; BAD_PACKET_LENGTH keeps the alert")
    func sniffedAlert() throws {
        let (channel, recorder, _) = try tlsChannel()
        try channel.writeInbound(ByteBuffer(bytes: Self.unknownCAAlert))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .inProgress, alert: "unknown_ca"))
        var passed = try #require(try channel.readInbound(as: ByteBuffer.self))
        #expect(passed.readBytes(length: passed.readableBytes) == Self.unknownCAAlert)
        #expect(throws: (any Error).self) {
            try channel.pipeline.syncOperations.handler(type: TLSHandshakeSniffer.self)
        }

        channel.pipeline.fireErrorCaught(BoringSSLLikeError(reason: "BAD_PACKET_LENGTH"))
        #expect(
            recorder.record.tls == TLSHandshakeRecord(state: .failed, alert: "unknown_ca", error: "BAD_PACKET_LENGTH"))
    }

    @Test("the sniffer finds an alert after other records and across reads")
    func sniffedAlertAcrossReads() throws {
        let (channel, recorder, _) = try tlsChannel()
        let clientHelloRecord: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0x03, 0x01, 0x00, 0x00]
        // A record of type 21 whose length is not 2 is not a plaintext alert.
        let longAlertRecord: [UInt8] = [0x15, 0x03, 0x03, 0x00, 0x03, 0x02, 0x30, 0x00]
        let alert: [UInt8] = [0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x2d]
        let stream = clientHelloRecord + longAlertRecord + alert
        for piece in [stream[0..<3], stream[3..<9], stream[9..<17], stream[17...]] {
            #expect(recorder.record.tls?.alert == nil)
            try channel.writeInbound(ByteBuffer(bytes: piece))
        }
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .inProgress, alert: "certificate_expired"))
    }

    @Test("once the handshake is over, alerts are not the sniffer's business")
    func noAlertAfterHandshake() throws {
        let (channel, recorder, _) = try tlsChannel()
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: nil))
        try channel.writeInbound(ByteBuffer(bytes: Self.unknownCAAlert))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .completed))
    }

    @Test(
        "the sniffer stops at the client's first encrypted record: after it, a record that looks like an alert is not one"
    )
    func stopsAtApplicationData() throws {
        let (channel, recorder, _) = try tlsChannel()
        let encrypted: [UInt8] = [0x17, 0x03, 0x03, 0x00, 0x04, 0xde, 0xad, 0xbe, 0xef]
        try channel.writeInbound(ByteBuffer(bytes: encrypted + Self.unknownCAAlert))
        #expect(recorder.record.tls == TLSHandshakeRecord(state: .inProgress))
    }

    // MARK: The server pipeline, with BoringSSL on both ends

    /// A connection of a TLS scenario server with `profile`, reached as `localhost`.
    func tlsServer(_ profile: TLSProfile) throws -> ServedConnection {
        let credentials = try Fixtures.pki().serverCredentials(for: profile, key: .p256, hostName: "localhost")
        let spec = ServerSpec(id: "origin", host: .localhost, tls: TLSSpec(profile: profile))
        return try ServedConnection(
            behavior: ServerBehavior(spec: spec, endpoints: EndpointDirectory()),
            tls: try ServerTLS(credentials: credentials))
    }

    @Test("the client closing during the handshake leaves it abandoned, not failed")
    func abandoned() throws {
        let server = try tlsServer(.valid)
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        try client.channel.activate()
        let hello = try client.channel.readOutboundBytes()
        #expect(hello.first == 0x16)
        try server.channel.writeInbound(ByteBuffer(bytes: hello.prefix(20)))
        #expect(server.recorder.record.tls == TLSHandshakeRecord(state: .inProgress))

        // What a socket channel does when the peer closes: the channel is inactive, then
        // channelInactive goes from the head. (Closed from in front of the TLS handler, which a
        // close from the pipeline's end would ask for a TLS shutdown.)
        let inFront = try server.channel.pipeline.syncOperations.context(handlerType: NIOSSLServerHandler.self)
        inFront.close(promise: nil)
        #expect(!server.channel.isActive)
        #expect(server.recorder.record.closed)
        #expect(server.recorder.record.tls == TLSHandshakeRecord(state: .abandoned))
    }

    @Test("a client that trusts the root completes the handshake and its request is served over TLS")
    func completedEndToEnd() throws {
        let server = try tlsServer(.valid)
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: server.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        // A first connection is a full handshake: the server's hello says so.
        #expect(server.recorder.record.tls == TLSHandshakeRecord(state: .completed, resumed: false))

        client.channel.writeAndFlush(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"), promise: nil)
        try client.interact(with: server.channel)
        let response = try WireResponse.parse(client.readText())
        #expect(response.status == 200)
        #expect(response.body == "ok\n")
        #expect(server.requests.map(\.summary) == ["GET /"])
        #expect(
            throws: (any Error).self, "the handshake is over: the sniffer has left, and requests do not pass it"
        ) { try server.channel.pipeline.syncOperations.handler(type: TLSHandshakeSniffer.self) }
    }

    @Test(
        "a client that refuses the certificate aborts with an alert the record names",
        arguments: [(TLSProfile.untrustedRoot, "unknown_ca"), (.expired, "certificate_expired")])
    func refusedEndToEnd(profile: TLSProfile, alert: String) throws {
        let server = try tlsServer(profile)
        let client = try InMemoryTLSClient(trusting: [try Fixtures.pki().root], hostName: "localhost")
        let errors = try client.connect(to: server.channel)
        #expect(!errors.client.isEmpty)
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.state == .failed)
        #expect(tls.alert == alert, "\(tls)")
        #expect(tls.error?.hasSuffix("ALERT_" + alert.uppercased()) == true, "\(tls)")
        #expect(server.requests.isEmpty)
    }

    @Test("a client certificate that chains to the client CA is recorded with the completed handshake")
    func clientCertificate() throws {
        let pki = try Fixtures.pki()
        let server = try tlsServer(.clientCertificateRequired)
        let client = try InMemoryTLSClient(trusting: [pki.root], hostName: "localhost", identity: pki.clientIdentity)
        let errors = try client.connect(to: server.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        #expect(
            server.recorder.record.tls
                == TLSHandshakeRecord(
                    state: .completed,
                    clientCertificate: ClientCertificateRecord(
                        subject: pki.clientIdentity.certificate.subject.description,
                        issuer: pki.clientCA.certificate.subject.description,
                        sha256Fingerprint: pki.clientIdentity.certificate.sha256Fingerprint, verified: true),
                    resumed: false,
                    certificateRequest: CertificateRequestRecord(
                        required: true, authorities: [pki.clientCA.certificate.subject.description])))
    }

    @Test("a client certificate from a CA the server does not trust is recorded as refused, with the certificate")
    func refusedClientCertificate() throws {
        let pki = try Fixtures.pki()
        let server = try tlsServer(.clientCertificateRejected)
        let client = try InMemoryTLSClient(trusting: [pki.root], hostName: "localhost", identity: pki.clientIdentity)
        _ = try client.connect(to: server.channel)
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.state == .failed, "\(tls)")
        #expect(tls.clientCertificateRefusal == .untrusted, "\(tls)")
        #expect(tls.certificateRequest == CertificateRequestRecord(required: true, authorities: []))
        #expect(tls.clientCertificate?.subject == pki.clientIdentity.certificate.subject.description, "\(tls)")
        #expect(tls.clientCertificate?.verified == false, "\(tls)")
        #expect(server.requests.isEmpty)
    }

    @Test("a server that requires a certificate records a client that sent none as refused (missing)")
    func missingClientCertificate() throws {
        let pki = try Fixtures.pki()
        let server = try tlsServer(.clientCertificateSelection)
        let client = try InMemoryTLSClient(trusting: [pki.root], hostName: "localhost")
        _ = try client.connect(to: server.channel)
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.clientCertificateRefusal == .missing, "\(tls)")
        #expect(tls.clientCertificate == nil)
        #expect(
            tls.certificateRequest?.authorities == [pki.clientCA2.certificate.subject.description], "\(tls)")
    }

    @Test("an optional request lets a client without a certificate complete the handshake")
    func optionalRequest() throws {
        let pki = try Fixtures.pki()
        let server = try tlsServer(.clientCertificateOptional)
        let client = try InMemoryTLSClient(trusting: [pki.root], hostName: "localhost")
        let errors = try client.connect(to: server.channel)
        #expect(errors.client.isEmpty && errors.server.isEmpty, "\(errors)")
        let tls = try #require(server.recorder.record.tls)
        #expect(tls.state == .completed && tls.clientCertificate == nil && tls.clientCertificateRefusal == nil)
        #expect(tls.certificateRequest?.required == false)
    }

    @Test("BoringSSL's reasons map to the two refusals, and nothing else does")
    func refusalReasons() {
        #expect(
            TLSTranscriptHandler.clientCertificateRefusal(fromReason: "PEER_DID_NOT_RETURN_A_CERTIFICATE") == .missing)
        #expect(TLSTranscriptHandler.clientCertificateRefusal(fromReason: "CERTIFICATE_VERIFY_FAILED") == .untrusted)
        #expect(TLSTranscriptHandler.clientCertificateRefusal(fromReason: "WRONG_VERSION_NUMBER") == nil)
    }
}
