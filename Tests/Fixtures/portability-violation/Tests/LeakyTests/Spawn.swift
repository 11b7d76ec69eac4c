// Tests are checked too: a process started by hand in a test.
import Foundation

func spawn() {
    var actions = posix_spawn_file_actions_t()
    _ = actions
}
