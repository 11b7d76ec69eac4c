// A remote run's verdict, transcript and material are the same types the in-process library uses:
// a target that depends on MockAuthRemote alone names them without importing more.
@_exported import MockAuthMaterial
@_exported import MockAuthTranscript
@_exported import MockAuthVerdict
