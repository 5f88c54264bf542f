import TraceModel
import TraceReading

/// How a generated trace is compressed.
public enum GeneratedCompression: String, CaseIterable, Sendable {
  case gzip
  /// gzip with a new member every few sessions, like a recorder that appends on each launch.
  case multiGzip = "multi-gzip"
  case zlib
  case none

  var stream: Compression {
    switch self {
    case .gzip, .multiGzip: .gzip
    case .zlib: .zlib
    case .none: .none
    }
  }
}

/// The generated trace's bytes on their way out: lines gathered in a buffer, compressed as
/// asked, with a new gzip member every `sessionsPerMember` sessions for multi-member output.
final class TraceOutput {
  private let compression: GeneratedCompression
  private let level: Int32
  private let sessionsPerMember: Int
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  private var writer: CompressingWriter
  private var buffer: [UInt8] = []
  private var sessionsInMember = 0
  private let counter = Counter()
  /// Lines written so far.
  private(set) var lines = 0

  private static let bufferSize = 1 << 16

  /// - Parameter sink: receives the output in pieces (about 64 KiB each).
  init(
    compression: GeneratedCompression, level: Int32, sessionsPerMember: Int,
    sink: @escaping (UnsafeRawBufferPointer) throws -> Void
  ) {
    self.compression = compression
    self.level = level
    self.sessionsPerMember = max(1, sessionsPerMember)
    self.sink = { [counter] bytes in
      counter.value += bytes.count
      try sink(bytes)
    }
    writer = CompressingWriter(compression: compression.stream, level: level, sink: self.sink)
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// Bytes handed to the sink so far (compressed).
  var bytesOut: Int { counter.value }

  /// A session starts (before its header is written).
  func startSession() throws {
    if compression == .multiGzip, sessionsInMember == sessionsPerMember {
      try drain()
      try writer.finish()
      writer = CompressingWriter(compression: .gzip, level: level, sink: sink)
      sessionsInMember = 0
    }
    sessionsInMember += 1
  }

  /// Writes the lines of `block`; returns the number of its first line.
  func write(_ block: EventBlock) throws -> Int {
    let first = lines + 1
    lines += block.lines
    buffer.append(contentsOf: block.bytes)
    if buffer.count >= Self.bufferSize { try drain() }
    return first
  }

  /// Writes what is buffered and ends the stream.
  func finish() throws {
    try drain()
    try writer.finish()
  }

  /// Hands the buffered lines to the compressor.
  private func drain() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBytes { try writer.write($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private final class Counter {
    var value = 0
  }
}
