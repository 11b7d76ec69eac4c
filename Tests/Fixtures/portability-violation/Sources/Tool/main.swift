// Executables may start processes: this one is not checked.
import Foundation

let process = Process()
print(process)
