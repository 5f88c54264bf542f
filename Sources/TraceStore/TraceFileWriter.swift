import TraceModel

/// Stores decoded trace files, one unit of work per file: all of a file is stored, or none
/// of it. A file whose content (``DecodedTraceEnd/content``) is stored already is skipped, or
/// with ``TraceIngestion/force`` replaces the stored one.
package protocol TraceFileWriter: AnyObject {
  /// Stores the file whose items `source` gives, as `ingestion` says.
  /// - Throws: ``TraceReadError`` when the file cannot be read (nothing of it is stored; the
  ///   writer goes on with the next file), or ``StoreError`` when the store failed (nothing of
  ///   this file is stored, and the writer cannot store more).
  func store(_ source: any IngestItemSource, as ingestion: TraceIngestion) throws -> IngestOutcome
  /// Completes the run: what was stored becomes visible as a whole where the backend builds a
  /// new store in one go.
  /// - Throws: ``StoreError``.
  func finish() throws
}
