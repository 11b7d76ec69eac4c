@_exported import MockAuth
