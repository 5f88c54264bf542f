import TraceModel
import TraceReading

/// Decodes the lines of one file, in order, into `TraceItem`s, each with its record in the
/// trace format (what the store keeps). Made by an ``InputImporter`` for each file; used by one
/// thread.
package protocol InputDecoder: AnyObject {
  /// Reads the file's next line (an oversized one has `RawLine/oversizedLength`); returns the
  /// first item it completes, if any. Further ones wait for ``nextItem()``.
  func decode(_ line: RawLine) -> TraceItem?
  /// An item waiting to be handed out (after ``decode(_:)`` or ``finish()``), or nil.
  func nextItem() -> TraceItem?
  /// The record of the last item handed out, valid until the next call; nil when it is the
  /// line itself.
  var record: UnsafeRawBufferPointer? { get }
  /// True once the file was rejected: the stream ends with the rejection.
  var isRejected: Bool { get }
  /// The end of the file: what is pending becomes items; returns the rejection of a file that
  /// turned out not to be of this kind after all (and ``isRejected`` is then true).
  func finish() -> IngestIssue?
}
