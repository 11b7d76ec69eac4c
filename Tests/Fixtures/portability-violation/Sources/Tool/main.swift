// Executables may use Process-only APIs, but no file may start a process by hand.
import Foundation

let process = Process()
print(process)
var attributes = posix_spawnattr_t()
