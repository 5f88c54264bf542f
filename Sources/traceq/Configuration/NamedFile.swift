import Foundation

/// A file the user named on the command line (`--config`, `--baseline`).
enum NamedFile {
  /// Why a named file has no contents to give.
  struct Unreadable: Error {
    /// `no such file` or `cannot be read`.
    let reason: String
  }

  /// The file's bytes.
  static func contents(_ path: String) throws(Unreadable) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw Unreadable(reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file")
    }
  }
}
