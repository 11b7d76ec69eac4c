// The material names the shared vocabulary (accounts, header fields, host mappings): a target that
// imports MockAuthMaterial names them without importing more.
@_exported import MockAuthVocabulary
