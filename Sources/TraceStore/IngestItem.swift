import TraceModel

/// What the decoding side of an ingest hands the writer, in file order.
package enum IngestItem {
  /// A header: a session starts. (Indirect: headers are rare and large, events frequent and small.)
  indirect case session(SessionHeader, line: Int, text: String, symbols: SessionSymbols)
  /// An event of the open session; its record's bytes come with it (``IngestItemSource/record``).
  case event(TraceEvent)
  case issue(IngestIssue)
  /// An object the next event's record names for the first time, or gives a class or a kind it
  /// did not have: its address, and its class and kind from that event on (another class than it
  /// had: a new object at a reused address). See ``ObjectAnnouncements``. (Indirect: the item
  /// holds two strings, and items per object are rare next to events.)
  indirect case object(ObjectID, address: String, className: String?, kind: ContainerKind?)
  /// An object whose id the decoding side released to bound memory, after the last event naming
  /// it: its row ends, and the id names a new object from then on (``ObjectAnnouncements``).
  case released(ObjectID)
  /// Replay findings of the session that just ended (`--check`), sorted by line: all of them, or
  /// the next part (a session with many findings hands them on a part at a time).
  case findings([Finding])
}

/// How the decoding of a file ended.
package struct DecodedTraceEnd: Sendable {
  package var compression: Compression
  /// What the file was read as (a trace, a console log, a crash report).
  package var kind: InputKind
  package var lines: Int
  package var cutShort: Bool
  /// The hash and size of every byte of the input, computed while it was read.
  package var content: (sha256: String, size: Int)
  /// For a compressed file found damaged: the first line no checksum vouches for.
  package var unverifiedFromLine: Int?

  package init(
    compression: Compression, kind: InputKind = .trace, lines: Int, cutShort: Bool, unverifiedFromLine: Int? = nil,
    content: (sha256: String, size: Int)
  ) {
    self.compression = compression
    self.kind = kind
    self.lines = lines
    self.cutShort = cutShort
    self.unverifiedFromLine = unverifiedFromLine
    self.content = content
  }
}

/// Where the writer takes a file's items from: the decoding of a file on the same thread, or the
/// consuming end of a pipe from a decoding thread (`TraceIngest`'s `TraceDecoding` and `IngestPipe`).
package protocol IngestItemSource: AnyObject {
  /// The next item, or nil at the end of the file (then ``end`` is set).
  func next() throws -> IngestItem?
  /// The bytes of the last `.event` item's record, valid until the next call to ``next()``.
  var record: UnsafeRawBufferPointer { get }
  /// What the row stores of that record (``RecordForm``), when the
  /// source split it already on its own thread; nil: the writer splits ``record`` itself.
  var storedRecord: (bytes: UnsafeRawBufferPointer, form: Int64)? { get }
  var end: DecodedTraceEnd? { get }
  /// Bytes read so far, for progress.
  var bytesRead: Int { get }
  /// Tells the decoding side that nothing more is wanted (a skipped file).
  func cancel()
}

extension IngestItemSource {
  package var storedRecord: (bytes: UnsafeRawBufferPointer, form: Int64)? { nil }
}
