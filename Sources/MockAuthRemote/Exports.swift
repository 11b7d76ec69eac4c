// A remote run's verdict, transcript and material are the same types the in-process library uses:
// an app or a UI-test bundle that depends on MockAuthRemote alone names them without importing
// more. Re-exported by name, never a whole module: the list that docs/api.md reviews for this
// product (`PublicSurfaceTests` keeps the two equal).

// What a client is given.
@_exported import protocol MockAuthMaterial.ClientFileStore
@_exported import struct MockAuthMaterial.ClientMaterial
@_exported import struct MockAuthMaterial.ClientMaterialError
@_exported import enum MockAuthMaterial.ClientVariable
// The transcript.
@_exported import struct MockAuthTranscript.AuthRecord
@_exported import struct MockAuthTranscript.CertificateRequestRecord
@_exported import struct MockAuthTranscript.ClientCertificateRecord
@_exported import enum MockAuthTranscript.ClientCertificateRefusal
@_exported import enum MockAuthTranscript.ConnectionLimit
@_exported import struct MockAuthTranscript.ConnectionRecord
@_exported import struct MockAuthTranscript.EndpointRecord
@_exported import typealias MockAuthTranscript.HeaderRecord
@_exported import struct MockAuthTranscript.RequestRecord
@_exported import struct MockAuthTranscript.RequestRefusal
@_exported import struct MockAuthTranscript.SOCKSRecord
@_exported import enum MockAuthTranscript.StreamReset
@_exported import struct MockAuthTranscript.TLSHandshakeRecord
@_exported import struct MockAuthTranscript.Transcript
@_exported import struct MockAuthTranscript.TranscriptOverflow
// The verdict.
@_exported import struct MockAuthVerdict.ClientExit
@_exported import struct MockAuthVerdict.ControlResult
@_exported import struct MockAuthVerdict.Finding
@_exported import enum MockAuthVerdict.JudgedRule
@_exported import enum MockAuthVerdict.RuleOutcome
@_exported import struct MockAuthVerdict.Verdict
@_exported import enum MockAuthVerdict.VerdictResult
// The vocabulary they are written in.
@_exported import struct MockAuthVocabulary.Account
@_exported import enum MockAuthVocabulary.AuthOutcome
@_exported import struct MockAuthVocabulary.BodyRecord
@_exported import enum MockAuthVocabulary.DigestNonceUse
@_exported import enum MockAuthVocabulary.ExpectationLevel
@_exported import enum MockAuthVocabulary.HTTPAuthScheme
@_exported import enum MockAuthVocabulary.HTTPProtocolVersion
@_exported import protocol MockAuthVocabulary.HarnessFailure
@_exported import struct MockAuthVocabulary.HeaderField
@_exported import struct MockAuthVocabulary.HostMapping
@_exported import struct MockAuthVocabulary.KerberosTicket
@_exported import struct MockAuthVocabulary.RuleName
@_exported import enum MockAuthVocabulary.TLSProfile
