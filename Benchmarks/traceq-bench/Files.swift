import Foundation

/// File chores between runs.
enum Files {
  /// Removes a SQLite database and its journal files.
  static func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
  }

  /// Replaces `destination` (a database) with a copy of `source` and its WAL file.
  static func copyDatabase(_ source: String, to destination: String) throws {
    removeDatabase(destination)
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
      try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
    }
  }

  static func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// The first line of a log, for a note.
  static func firstLine(of path: String) -> String {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").first.map(String.init) ?? "no message"
  }

  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }
}
