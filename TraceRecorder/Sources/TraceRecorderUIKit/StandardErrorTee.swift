#if canImport(UIKit)
  import Foundation

  /// Reads what the process writes to standard error (where UIKit's warnings such as
  /// "Unbalanced calls to begin/end appearance transitions" go), passes it on unchanged, and
  /// hands each line to `line`. The cost: what is written in the instant before a crash may
  /// never get past the pipe to the real standard error, which is why it is opt-in.
  final class StandardErrorTee {
    private let original: Int32
    private let reader: Int32

    init?(line: @escaping (String) -> Void) {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { return nil }
      original = dup(STDERR_FILENO)
      reader = ends[0]
      guard original >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else { return nil }
      close(ends[1])
      let reader = reader
      let original = original
      let thread = Thread {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
          if count < 0, errno == EINTR { continue }
          guard count > 0 else { return }
          chunk.withUnsafeBytes { _ = write(original, $0.baseAddress, count) }
          pending.append(contentsOf: chunk[..<count])
          while let newline = pending.firstIndex(of: 0x0A) {
            line(String(decoding: pending[..<newline], as: UTF8.self))
            pending.removeSubrange(...newline)
          }
        }
      }
      thread.name = "traceq console"
      thread.start()
    }
  }
#endif
