// The names every layer shares (TLS profiles, key algorithms, HTTP auth schemes) come with the model.
@_exported import MockAuthVocabulary
