import Foundation

/// Where one report goes: standard output, or a file (created, with its directory, before
/// the check starts, so that a path that cannot be written stops the run at once).
final class ReportOutput {
  /// The file, or nil for standard output.
  let path: String?
  private let handle: FileHandle?
  private var buffer: [UInt8] = []
  private var failure: String?

  private init(path: String?, handle: FileHandle?) {
    self.path = path
    self.handle = handle
  }

  /// Standard output.
  static var standardOutput: ReportOutput { ReportOutput(path: nil, handle: nil) }

  /// A new (or emptied) file at `path`, or what it names, written in place (``OutputPath``): a
  /// FIFO, a device, a symbolic link's target.
  static func file(_ path: String) throws(CommandFailure) -> ReportOutput {
    let url = URL(fileURLWithPath: path)
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      return ReportOutput(path: path, handle: try OutputPath.open(path))
    } catch {
      throw CommandFailure.usage("cannot write the report to \(path)")
    }
  }

  /// Whether a person is watching (standard output on a terminal).
  var isTerminal: Bool { path == nil && Terminal.standardOutputIsTerminal }

  /// Writes `text` and a newline.
  func write(_ text: String) {
    guard let handle else {
      StandardStreams.printLine(text)
      return
    }
    buffer += text.utf8
    buffer.append(10)
    if buffer.count >= 1 << 16 { flush(handle) }
  }

  /// Writes the text whose UTF-8 is `bytes`, and a newline.
  func write(utf8 bytes: ArraySlice<UInt8>) {
    guard let handle else { return write(String(decoding: bytes, as: UTF8.self)) }
    buffer += bytes
    buffer.append(10)
    if buffer.count >= 1 << 16 { flush(handle) }
  }

  /// Writes what is buffered and closes the file.
  /// - Throws: ``CommandFailure`` when the file could not be written.
  func close() throws(CommandFailure) {
    guard let handle, let path else { return }
    flush(handle)
    try? handle.close()
    if let failure { throw CommandFailure.usage("cannot write the report to \(path): \(failure)") }
  }

  private func flush(_ handle: FileHandle) {
    guard failure == nil, !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      failure = error.localizedDescription
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
