import Foundation

/// Opening a file by a path longer than the system's limit (PATH_MAX), which `open` refuses
/// with ENAMETOOLONG: such a path is opened a few directories at a time, each part relative to
/// the directory opened before it (`openat`), so that a trace deep in a directory tree is read
/// like any other.
enum LongPath {
  /// The longest part of a path opened at once: well under PATH_MAX (4096 on Linux, 1024 on
  /// macOS).
  static let partLength = 768

  /// `open(path, flags)` for a path of any length; -1 with `errno` set when it fails.
  static func open(_ path: String, _ flags: Int32) -> Int32 {
    let descriptor = Foundation.open(path, flags)
    guard descriptor < 0, errno == ENAMETOOLONG else { return descriptor }
    var directory = path.hasPrefix("/") ? Foundation.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : AT_FDCWD
    guard directory >= 0 || directory == AT_FDCWD else { return -1 }
    let parts = self.parts(of: path)
    for (number, part) in parts.enumerated() {
      let isLast = number == parts.count - 1
      let opened = openat(directory, part, isLast ? flags : O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      let failure = errno
      if directory != AT_FDCWD { close(directory) }
      guard opened >= 0 else {
        errno = failure
        return -1
      }
      directory = opened
    }
    return directory
  }

  /// The path's components grouped into relative paths of at most ``partLength`` bytes (a
  /// longer component stays whole, for `openat` to refuse).
  static func parts(of path: String) -> [String] {
    var parts: [String] = []
    var current = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if !current.isEmpty, current.utf8.count + 1 + component.utf8.count > partLength {
        parts.append(current)
        current = ""
      }
      current += current.isEmpty ? String(component) : "/" + component
    }
    if !current.isEmpty { parts.append(current) }
    return parts
  }
}
