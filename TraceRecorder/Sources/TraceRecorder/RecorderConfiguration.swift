import Foundation

/// Where and how a ``TraceRecorder`` writes: its directory, how often it makes what it
/// recorded safe from a crash, and the limits on memory and disk.
public struct RecorderConfiguration: Sendable {
  /// The directory of the trace files, created when missing. One file per launch.
  public var directory: URL
  /// The longest time an event waits in memory before it is compressed, flushed and handed
  /// to the system: what a crash can lose. Seconds.
  public var flushInterval: Double = 0.25
  /// Memory for events not yet written: when the disk falls this far behind, further events
  /// are dropped and counted (a `dropped` record says how many).
  public var bufferBytes: Int = 1 << 20
  /// The buffer is cut into chunks of this size, each written in one piece.
  public var chunkBytes: Int = 1 << 16
  /// At most this many trace files in ``directory``; the oldest are removed first.
  public var maxFiles: Int = 20
  /// At most this many bytes of trace files in ``directory``; the oldest are removed first.
  /// When this launch's file alone reaches it, recording stops and the events after are
  /// counted as dropped.
  public var maxTotalBytes: Int = 64 << 20
  /// gzip (the default), zlib or none.
  public var compression: Compression = .gzip
  /// zlib's level, 1 (fastest, the default) to 9 (smallest).
  public var compressionLevel: Int32 = 1
  /// Trace files are named `<prefix>-<UTC time>-<process id>.ndjson[.gz]`.
  public var filePrefix: String = "trace"

  /// A configuration writing to `directory`.
  public init(directory: URL) {
    self.directory = directory
  }

  /// The default directory: `Library/Caches/traceq` in the app's container (where
  /// `traceq collect` looks), the user's cache directory elsewhere.
  public static var defaultDirectory: URL {
    let caches =
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return caches.appendingPathComponent("traceq", isDirectory: true)
  }
}
