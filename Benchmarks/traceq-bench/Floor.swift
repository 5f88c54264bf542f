import TraceModel
import TraceReading

/// The floor: what reading a trace costs before any parsing, with traceq's own reader
/// (inflate, then split into lines). Run as `traceq-bench floor FILE`, in a process of its
/// own so that its time and memory are measured like the other cases'.
enum Floor {
  /// Reads every line of `path`; returns the number of lines.
  static func run(_ path: String) throws -> Int {
    let reader = try TraceReader(path: path)
    var lines = 0
    while try reader.next() != nil { lines += 1 }
    return lines
  }
}
