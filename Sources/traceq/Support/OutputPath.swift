import Foundation

/// Where a path a user gave for output leads, and how to write there without replacing what it
/// names: a FIFO, a device (`/dev/null`, `/dev/stdout`) or a symbolic link is written through,
/// as a shell's `>` writes; only a regular file is replaced by a rename.
enum OutputPath {
  /// Opens `path` to write from its start, as `>` does: created when missing, emptied when a
  /// regular file, written in place otherwise (a FIFO's reader gets the bytes).
  /// - Throws: the `errno` of `open(2)`, as a Cocoa error.
  static func open(_ path: String) throws -> FileHandle {
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Writes `data` to `path` whole: a regular file (or a new one) is replaced by renaming a
  /// complete copy over it, so that a reader never sees half of it; through a symbolic link the
  /// copy goes next to the link's target, and the link stays; anything else is written in place.
  static func writeAtomically(_ data: Data, to path: String) throws {
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    var status = stat()
    if stat(target.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
      let handle = try open(target.path)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      return
    }
    try data.write(to: target, options: .atomic)
  }
}
