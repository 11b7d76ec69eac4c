import Foundation
import MockAuthJudge
import MockAuthScenario
import MockAuthTestSupport
import MockAuthTranscript
import MockAuthVocabulary
import Testing

@testable import MockAuthServer

/// The recorder folds identical requests and connections into one record with a count. These tests
/// prove the folding changes nothing a verdict says, on random traffic, and that memory stays flat.
@Suite("Transcript folding")
struct TranscriptFoldingTests {
    static func auth(_ decision: AuthRecord.Decision, scheme: String?, reason: String) -> AuthRecord {
        AuthRecord(
            decision: decision, header: "Authorization", realm: "mockauth", offered: [.digest, .basic],
            scheme: scheme, username: scheme == nil ? nil : "alice", reason: reason)
    }

    /// The kinds of request the random traffic is made of: every rule below reacts to some of them.
    static let templates: [RequestRecord] = [
        RequestRecord(
            method: "GET", target: "/a", headers: [HeaderField(name: "Host", value: "x")], responseStatus: 401,
            auth: auth(.challenged, scheme: nil, reason: "no credentials")),
        RequestRecord(
            method: "GET", target: "/a", headers: [HeaderField(name: "Authorization", value: "Digest x")],
            responseStatus: 401, auth: auth(.refused, scheme: "Digest", reason: "wrong password for user alice")),
        RequestRecord(
            method: "GET", target: "/a", headers: [HeaderField(name: "Authorization", value: "Digest y")],
            responseStatus: 401, auth: auth(.refused, scheme: "Digest", reason: "nonce expired (stale)")),
        RequestRecord(
            method: "GET", target: "/a", headers: [HeaderField(name: "Authorization", value: "Digest z")],
            responseStatus: 200, auth: auth(.authenticated, scheme: "Digest", reason: "Digest SHA-256 qop=auth")),
        RequestRecord(
            method: "GET", target: "/b", headers: [HeaderField(name: "Authorization", value: "Basic YQ==")],
            responseStatus: 200, auth: auth(.authenticated, scheme: "Basic", reason: "Basic")),
        RequestRecord(
            method: "GET", target: "/b", headers: [HeaderField(name: "Host", value: "x")], responseStatus: 401,
            auth: auth(.challenged, scheme: nil, reason: "no credentials")),
        RequestRecord(method: "GET", target: "/public", headers: [], responseStatus: 200),
        RequestRecord(
            method: "GET", target: "/public", headers: [HeaderField(name: "Authorization", value: "Basic YQ==")],
            responseStatus: 200),
    ]

    static let scenario = Scenario(
        name: "folding", summary: "every rule over one server", servers: [ServerSpec(id: "origin")],
        client: ClientSpec(requests: [RequestSpec(server: "origin")]),
        expectations: [
            ScenarioExpectation(RequestSucceeds(server: "origin", path: "/b")),
            ScenarioExpectation(Authenticates(server: "origin", path: "/a")),
            ScenarioExpectation(NoPreemptiveCredentials(server: "origin")),
            ScenarioExpectation(MaxAttempts(server: "origin", attempts: 3)),
            ScenarioExpectation(UsesScheme(server: "origin", schemes: [.digest])),
            ScenarioExpectation(NeverReceives(server: "origin", header: "Authorization", paths: ["/public"])),
            ScenarioExpectation(HandshakeOnOneConnection(server: "origin")),
            ScenarioExpectation(ReusesCredentials(server: "origin")),
            ScenarioExpectation(RecoversFromStale(server: "origin")),
            ScenarioExpectation(RejectsCertificate(server: "origin")),
            ScenarioExpectation(PresentsClientCertificate(server: "origin")),
        ])

    /// How the connections' handshakes end: with a verified client certificate, without one.
    static let handshakes = [
        TLSHandshakeRecord(
            state: .completed,
            clientCertificate: ClientCertificateRecord(
                subject: "CN=MockAuth Client", issuer: "CN=MockAuth Client CA", sha256Fingerprint: "ab", verified: true)
        ),
        TLSHandshakeRecord(state: .completed),
    ]

    /// Plays `count` random requests over `connections` connections into a recorder, and builds the
    /// transcript the recorder would have kept without folding.
    static func play(seed: UInt64, count: Int, connections: Int, kinds: Int) -> (folded: Transcript, full: Transcript) {
        var random = SplitMix(seed: seed)
        let recorder = TranscriptRecorder()
        var full: [ConnectionRecord] = []
        var live: [ConnectionRecorder] = []
        for _ in 0..<connections {
            let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
            let handshake = handshakes[Int.random(in: 0..<handshakes.count, using: &random)]
            connection.handshakeEnded(handshake)
            live.append(connection)
            full.append(ConnectionRecord(id: connection.id, server: "origin", tls: handshake))
        }
        // Runs of the same request, as real clients make them, between switches.
        var template = Int.random(in: 0..<kinds, using: &random)
        for sequence in 1...UInt64(count) {
            if Int.random(in: 0..<8, using: &random) == 0 { template = Int.random(in: 0..<kinds, using: &random) }
            let index = Int.random(in: 0..<connections, using: &random)
            live[index].requestAnswered(templates[template])
            var request = templates[template]
            request.sequence = sequence
            request.lastSequence = sequence
            full[index].requests.append(request)
        }
        for connection in live { connection.closed() }
        for index in full.indices { full[index].closed = true }
        return (recorder.snapshot(), Transcript(connections: full))
    }

    @Test("on random traffic, every rule says the same of the folded transcript as of the full one", arguments: 1...40)
    func verdictUnaffected(seed: UInt64) {
        let (folded, full) = Self.play(seed: seed, count: 400, connections: 4, kinds: Self.templates.count)
        let keptRequests = folded.connections.flatMap(\.requests)
        #expect(keptRequests.reduce(0) { $0 + $1.occurrences } == 400)
        #expect(keptRequests.count < 400, "identical requests were folded")
        let foldedVerdict = Judge.verdict(for: Self.scenario, transcript: folded)
        let fullVerdict = Judge.verdict(for: Self.scenario, transcript: full)
        #expect(
            foldedVerdict == fullVerdict, "seed \(seed)\nfolded:\n\(foldedVerdict.report)\nfull:\n\(fullVerdict.report)"
        )
    }

    /// Plays random traffic, runs of the same request with switches, handshake records changing
    /// under way (`clientSentAlert` on connections whose handshake is still open), over
    /// `connections` connections of two transcripts at once: one told every request with
    /// ``ConnectionRecorder/requestAnswered(_:)``, one told a repeat of the connection's previous
    /// request with ``ConnectionRecorder/requestRepeated(_:placed:)`` (as a responder does).
    /// `closing`: the connections close before the snapshots; otherwise they are taken while all
    /// are open (the repeats a connection holds for another's record are added by the snapshot).
    static func playRepeats(
        seed: UInt64, count: Int, connections: Int, closing: Bool = true
    ) -> (answered: Transcript, repeated: Transcript) {
        var random = SplitMix(seed: seed)
        let answered = TranscriptRecorder()
        let repeated = TranscriptRecorder()
        var pairs: [(answered: ConnectionRecorder, repeated: ConnectionRecorder)] = []
        for _ in 0..<connections {
            let usesTLS = Bool.random(using: &random)
            let pair = (
                answered.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: usesTLS),
                repeated.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: usesTLS)
            )
            if usesTLS, Bool.random(using: &random) {
                let handshake = handshakes[Int.random(in: 0..<handshakes.count, using: &random)]
                pair.0.handshakeEnded(handshake)
                pair.1.handshakeEnded(handshake)
            }
            pairs.append(pair)
        }
        var last: [(template: Int, placed: ConnectionRecorder.Placed)?] = Array(repeating: nil, count: connections)
        var template = Int.random(in: 0..<templates.count, using: &random)
        for _ in 0..<count {
            if Int.random(in: 0..<6, using: &random) == 0 {
                template = Int.random(in: 0..<templates.count, using: &random)
            }
            let index = Int.random(in: 0..<connections, using: &random)
            if Int.random(in: 0..<40, using: &random) == 0 {
                // A handshake record that changes between two requests (no client does this, but a
                // repeat must then not be folded where a request with the old record went).
                pairs[index].answered.clientSentAlert("unknown_ca")
                pairs[index].repeated.clientSentAlert("unknown_ca")
            }
            pairs[index].answered.requestAnswered(templates[template])
            if let previous = last[index], previous.template == template {
                last[index]?.placed = pairs[index].repeated.requestRepeated(
                    templates[template], placed: previous.placed)
            } else {
                last[index] = (template, pairs[index].repeated.requestAnswered(templates[template]))
            }
        }
        for pair in pairs where closing {
            pair.answered.closed()
            pair.repeated.closed()
        }
        return (answered.snapshot(), repeated.snapshot())
    }

    @Test(
        "a repeat told as a repeat is recorded exactly as when it is told as any request: same records, counts, sequences",
        arguments: 1...40)
    func repeatsRecordedTheSame(seed: UInt64) {
        let (answered, repeated) = Self.playRepeats(seed: seed, count: 300, connections: 3)
        #expect(repeated == answered, "seed \(seed)")
        #expect(repeated.connections.flatMap(\.requests).reduce(0) { $0 + $1.occurrences } == 300)
    }

    @Test(
        "a snapshot taken while the connections are open counts the repeats each holds for another's record",
        arguments: 1...20)
    func repeatsHeldCountedBySnapshot(seed: UInt64) {
        let (answered, repeated) = Self.playRepeats(seed: seed, count: 300, connections: 4, closing: false)
        #expect(repeated == answered, "seed \(seed)")
        #expect(repeated.connections.flatMap(\.requests).reduce(0) { $0 + $1.occurrences } == 300)
    }

    @Test("a repeat after another request was kept, or after the handshake record changed, is kept again as before")
    func repeatAfterChanges() {
        let recorder = TranscriptRecorder()
        let first = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        let other = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        first.handshakeEnded(TLSHandshakeRecord(state: .completed))
        other.handshakeEnded(TLSHandshakeRecord(state: .completed))
        var placed = first.requestAnswered(Self.templates[4])
        placed = first.requestRepeated(Self.templates[4], placed: placed)
        // A new kind on another connection: the next request of every kind is kept again.
        other.requestAnswered(Self.templates[6])
        placed = first.requestRepeated(Self.templates[4], placed: placed)
        placed = first.requestRepeated(Self.templates[4], placed: placed)
        // The handshake record changes: a repeat is not folded where the old record's went.
        first.handshakeResumption(true)
        _ = first.requestRepeated(Self.templates[4], placed: placed)
        let requests = recorder.snapshot().connections.first { $0.id == first.id }?.requests ?? []
        #expect(requests.map(\.occurrences) == [2, 2, 1])
        #expect(requests.map(\.sequence) == [1, 4, 6])
        #expect(requests.map(\.lastSequence) == [2, 5, 6])
    }

    @Test("a client repeating one request a hundred thousand times leaves one record with its count")
    func memoryStaysFlat() {
        let recorder = TranscriptRecorder()
        let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        for _ in 0..<100_000 { connection.requestAnswered(Self.templates[4]) }
        let records = recorder.snapshot().connections.flatMap(\.requests)
        #expect(records.count == 1)
        #expect(records.first?.occurrences == 100_000)
        #expect(records.first?.lastSequence == 100_000)
    }

    @Test("identical connections without requests of their own fold; connections with requests are kept")
    func connectionsFold() {
        let recorder = TranscriptRecorder()
        for _ in 0..<1000 {
            let connection = recorder.connectionAccepted(server: "origin", remoteAddress: "127.0.0.1:1", usesTLS: true)
            connection.handshakeEnded(TLSHandshakeRecord(state: .failed, alert: "unknown_ca"))
            connection.closed()
        }
        let kept = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: true)
        kept.handshakeEnded(TLSHandshakeRecord(state: .completed))
        kept.requestAnswered(Self.templates[6])
        kept.closed()
        let transcript = recorder.snapshot()
        #expect(transcript.connections.count == 2)
        #expect(transcript.connections.first?.occurrences == 1000)
        #expect(transcript.connections.first?.tls?.alert == "unknown_ca")
        let verdict = Judge.verdict(
            for: Scenario(
                name: "tls", summary: "", servers: [ServerSpec(id: "origin")],
                client: ClientSpec(requests: [RequestSpec(server: "origin")]),
                expectations: [ScenarioExpectation(RejectsCertificate(server: "origin"))]),
            transcript: transcript)
        #expect(verdict.violations.first?.reason == "the client sent GET /public over the certificate of origin")
    }

    @Test("past the limit, requests unlike any before are counted, not kept, and the verdict says so")
    func limit() {
        let recorder = TranscriptRecorder(limit: 10)
        let connection = recorder.connectionAccepted(server: "origin", remoteAddress: nil, usesTLS: false)
        for index in 0..<25 {
            connection.requestAnswered(RequestRecord(method: "GET", target: "/\(index)", responseStatus: 200))
        }
        connection.requestAnswered(RequestRecord(method: "GET", target: "/0", responseStatus: 200))
        let transcript = recorder.snapshot()
        #expect(transcript.connections.flatMap(\.requests).count == 10)
        #expect(transcript.overflow == TranscriptOverflow(limit: 10, droppedRequests: ["origin": 15]))
        #expect(transcript.connections.flatMap(\.requests).first?.occurrences == 2, "a known kind is still counted")
        let verdict = Judge.verdict(for: Self.scenario, transcript: transcript)
        #expect(verdict.note?.contains("limit of 10 records per server: 15 requests") == true, "\(verdict.report)")
    }
}
