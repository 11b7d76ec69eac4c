import MockAuthCommands

/// A library target that depends on the processes-only target: it would take it to iOS.
public func reach() -> Bool { groupIsAlive(1) }
