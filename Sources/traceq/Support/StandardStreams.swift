import Foundation

/// Standard input, output and error as traceq uses them. They are always open, so that a
/// database or lock file never takes descriptor 0, 1 or 2 (and has diagnostics written into
/// it); and writing to them never traps: what cannot be written is dropped, and the exit status
/// says so (2).
///
/// A reader that leaves early (`traceq ingest … | head -1`) is not a failure: SIGPIPE is
/// ignored (``ignoreClosedPipes()``), and a write that fails with EPIPE stops the printing, not
/// the work. The command finishes what it does (an ingest stores and publishes every file, a
/// check replays every file) and exits with the status of that work; a query, whose work is
/// printing, stops at the first failed write (``outputIsClosed``).
enum StandardStreams {
  /// Makes a write to a pipe whose reader has gone fail with EPIPE instead of killing the
  /// process with SIGPIPE (which would leave a new database unpublished, or files unstored).
  static func ignoreClosedPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Opens what is closed among descriptors 0–2, before anything else opens a file: standard
  /// input reads nothing (/dev/null); a closed output becomes /dev/full where there is one, so
  /// that writing to it fails as writing to a full disk does, and is reported by the exit status.
  static func openClosedDescriptors() {
    // open() takes the lowest free descriptor: going up from 0, that is the closed one.
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      var opened = descriptor == 0 ? open("/dev/null", O_RDONLY) : open("/dev/full", O_WRONLY)
      if opened < 0 { opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY) }
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }

  /// Writes `text` to standard error, whole, or records that it was dropped (unless its reader
  /// has gone: a pipe closed early).
  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    let written = bytes.withUnsafeMutableBytes { writeAll($0, to: STDERR_FILENO) }
    if !written, errno != EPIPE { droppedErrors.set() }
  }

  /// Writes `text` and a newline to standard output (buffered; flushed at each line on a
  /// terminal). Once a write failed, the rest is dropped and ``exitStatus(for:)`` says so.
  static func printLine(_ text: String) {
    output.append(text + "\n")
  }

  /// Writes `text` to standard output as ``printLine(_:)`` does, without adding a newline.
  static func print(_ text: String) {
    output.append(text)
  }

  /// Whether nothing more can be printed: standard output's reader has gone, or writing to it
  /// failed. A command whose work is printing stops there.
  static var outputIsClosed: Bool { output.isClosed }

  /// The status to exit with after a command finished with `status`: 2 when its output could
  /// not be written (`traceq query … > /dev/full`) or diagnostics were dropped, with a message
  /// on standard error when it can still be written. A reader that left early changes nothing.
  static func exitStatus(for status: ExitStatus) -> ExitStatus {
    output.flush()
    if let failure = output.failure {
      writeError("error: the output could not be written (\(failure)); what was printed is incomplete\n")
      return .unusable
    }
    return droppedErrors.isSet ? .unusable : status
  }

  private static let output = OutputBuffer(flushesEachLine: isatty(STDOUT_FILENO) == 1)
  private static let droppedErrors = Flag()

  fileprivate static func writeAll(_ bytes: UnsafeMutableRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0, errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }

  /// Standard output's buffer, used from any thread.
  private final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    /// Why writing failed (strerror's words); nil while it works, and when the reader left.
    private var failed: String?
    private var closed = false
    private let flushesEachLine: Bool

    init(flushesEachLine: Bool) {
      self.flushesEachLine = flushesEachLine
      bytes.reserveCapacity(1 << 16)
    }

    var failure: String? { lock.withLock { failed } }
    var isClosed: Bool { lock.withLock { closed } }

    func append(_ text: String) {
      lock.withLock {
        guard !closed else { return }
        bytes.append(contentsOf: text.utf8)
        if flushesEachLine || bytes.count >= 1 << 16 { flushLocked() }
      }
    }

    func flush() { lock.withLock { flushLocked() } }

    private func flushLocked() {
      guard !closed, !bytes.isEmpty else { return }
      let written = bytes.withUnsafeMutableBytes { writeAll($0, to: STDOUT_FILENO) }
      if !written {
        closed = true
        if errno != EPIPE { failed = String(cString: strerror(errno)) }
      }
      bytes.removeAll(keepingCapacity: true)
    }
  }

  /// A flag set from any thread.
  private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
  }
}
