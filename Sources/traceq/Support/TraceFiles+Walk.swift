import Foundation

extension TraceFiles {
  /// Adds to `listing` the files of the tree at `directory` that `selection` picks, in path
  /// order. Each directory is opened relative to its parent (`openat`), so that a tree deeper
  /// than PATH_MAX is walked too; one that cannot be read is an error line, not a silent gap.
  /// Hidden entries are skipped. A symbolic link to a trace file is followed; one to a
  /// directory is not (a note says so: naming it reads it), and a broken one is an error.
  static func walk(_ directory: String, selection: Selection, into listing: inout Listing) {
    var walk = Walk(selection: selection)
    let root = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if root < 0 {
      walk.cannotRead(directory, errno)
    } else {
      walk.visit(root, path: directory.hasSuffix("/") ? directory : directory + "/")
    }
    listing.files += walk.found.sorted()
    listing.unreadable += walk.unreadable
    listing.notes += walk.notes
  }

  /// One walk's findings so far.
  private struct Walk {
    let selection: Selection
    var found: [String] = []
    var unreadable: [String] = []
    var notes: [String] = []

    init(selection: Selection) { self.selection = selection }

    mutating func cannotRead(_ directory: String, _ code: Int32) {
      unreadable.append(
        "\(TerminalText.lineStart(directory)): error: cannot read the directory: \(TraceFiles.reason(code))")
    }

    /// Walks the directory open as `descriptor` (closed when done), whose entries' paths are
    /// `path` (ending with a slash) followed by their names.
    mutating func visit(_ descriptor: Int32, path: String) {
      defer { close(descriptor) }
      let directory = String(path.dropLast())
      guard let names = Self.names(in: descriptor) else { return cannotRead(directory, errno) }
      for name in names where !name.hasPrefix(".") {
        let full = path + name
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
          if errno == ENOENT { continue }  // removed since the directory was read
          return cannotRead(directory, errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          guard !selection.excludes(full) else { continue }
          let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
          if child < 0 { cannotRead(full, errno) } else { visit(child, path: full + "/") }
        case S_IFLNK:
          followLink(name, in: descriptor, path: full)
        case S_IFREG:
          if selection.picks(name), !selection.excludes(full) { found.append(full) }
        default:
          continue
        }
      }
    }

    /// A symbolic link met in the walk: a trace file it points to is picked.
    private mutating func followLink(_ name: String, in descriptor: Int32, path: String) {
      var info = stat()
      guard fstatat(descriptor, name, &info, 0) == 0 else {
        if selection.picks(name), !selection.excludes(path) {
          unreadable.append("\(TerminalText.lineStart(path)): error: \(TraceFiles.reason(errno))")
        }
        return
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        guard !selection.excludes(path) else { return }
        notes.append(
          "\(TerminalText.lineStart(path)): note: not walked: a symbolic link to a directory; name it to read it")
      case S_IFREG:
        if selection.picks(name), !selection.excludes(path) { found.append(path) }
      default:
        return
      }
    }

    /// The names in the directory open as `descriptor`; nil with `errno` set when it cannot be
    /// read.
    private static func names(in descriptor: Int32) -> [String]? {
      let copy = dup(descriptor)
      guard copy >= 0, let stream = fdopendir(copy) else {
        let failure = errno
        if copy >= 0 { close(copy) }
        errno = failure
        return nil
      }
      var names: [String] = []
      var failure: Int32 = 0
      while true {
        errno = 0
        guard let entry = readdir(stream) else {
          failure = errno
          break
        }
        names.append(
          withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
      }
      closedir(stream)
      errno = failure
      return failure == 0 ? names : nil
    }
  }
}
