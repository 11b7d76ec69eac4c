// The one target allowed to start processes: not checked for Process or Glibc, macOS and Linux only.
#if canImport(Glibc)
    import Glibc
#endif

public func groupIsAlive(_ group: Int32) -> Bool { kill(-group, 0) == 0 }
