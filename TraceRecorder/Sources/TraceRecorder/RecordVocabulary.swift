/// The bytes the recorder writes for the format's names, built once from ``EventName`` and
/// ``RecordKey`` (which a test of the traceq package holds to the reader's).
final class RecordVocabulary: @unchecked Sendable {
  /// `,"ev":"viewWillAppear"` for each event, by raw value.
  private let events: [StoredBytes]
  /// `,"vc":` for each key, by raw value (the first key of a record has its comma removed).
  private let keys: [StoredBytes]

  init() {
    events = EventName.allCases.map { StoredBytes(",\"ev\":\"\($0.name)\"") }
    keys = RecordKey.allCases.map { StoredBytes(",\"\($0.name)\":") }
  }

  deinit {
    for bytes in events + keys { bytes.free() }
  }

  @inline(__always) func event(_ name: EventName) -> StoredBytes { events[Int(name.rawValue)] }
  @inline(__always) func key(_ key: RecordKey) -> StoredBytes { keys[key.rawValue] }
}

/// Bytes kept outside Swift's reference counting, copied into records with one `memcpy`.
struct StoredBytes {
  let start: UnsafeRawPointer
  let count: Int

  init(_ text: String) {
    let utf8 = Array(text.utf8)
    let memory = UnsafeMutableRawPointer.allocate(byteCount: max(1, utf8.count), alignment: 8)
    utf8.withUnsafeBytes { if let source = $0.baseAddress { memory.copyMemory(from: source, byteCount: utf8.count) } }
    start = UnsafeRawPointer(memory)
    count = utf8.count
  }

  func free() { UnsafeMutableRawPointer(mutating: start).deallocate() }
}
