// A verdict names its rules with the shared vocabulary (rule names, expectation levels).
@_exported import MockAuthVocabulary
