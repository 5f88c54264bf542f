import TraceIngest

/// What an ingest costs before the store: traceq's decoding of a trace (read, hash, inflate,
/// split, decode each record into an event), as `traceq ingest` hands it to the store. Run as
/// `traceq-bench decode FILE`, in a process of its own like the floor.
enum DecodeFloor {
  /// Decodes every item of `path`; returns the number of items.
  static func run(_ path: String) throws -> Int {
    let decoding = try TraceDecoding(path: path, rules: nil)
    var items = 0
    while try decoding.next() != nil { items += 1 }
    return items
  }
}
