import TraceModel

/// The scan of a record assembled member by member (a stored row rebuilt as a record, as
/// `check --db` does): the assembler says where each value is as it writes it, so the record
/// is not scanned again; a run of members it copies as JSON text is scanned on its own. The
/// result is what ``RecordScanner`` would have found in the assembled line.
///
/// The values the assembler writes come from typed columns and need no validation; copied
/// members do. When they are not a valid object, or repeat a key the assembler wrote, there
/// is no scan (``prescan(eventName:)`` is nil) and the decoder scans the whole line, reporting
/// what it finds as it would in a file.
package final class AssembledRecordScan {
  // One thread uses an instance; its methods do not re-enter.
  @exclusivity(unchecked) private var present: UInt64 = 0
  @exclusivity(unchecked) private var repeatedKey: RecordKey?
  @exclusivity(unchecked) private var isUsable = true
  /// The values by key (`RecordKey/rawValue`).
  private let byKey = UnsafeMutablePointer<ScannedValue>.allocate(capacity: RecordKey.allCases.count)
  /// The values of the present keys, in key order, as ``PrescannedRecord`` holds them.
  private let inKeyOrder = UnsafeMutablePointer<ScannedValue>.allocate(capacity: RecordKey.allCases.count)
  private let scanner = RecordScanner()

  package init() {}

  deinit {
    byKey.deallocate()
    inKeyOrder.deallocate()
  }

  /// Starts the scan of a new record.
  @inline(__always)
  package func begin() {
    present = 0
    repeatedKey = nil
    isUsable = true
  }

  /// A string value written at `quoted` (its quotes included) of the line; `hasEscapes` when
  /// the text between the quotes holds an escape.
  @inline(__always)
  package func addString(_ key: RecordKey, at quoted: Range<Int>, hasEscapes: Bool) {
    add(
      key, ScannedValue(kind: .string, hasEscapes: hasEscapes, start: quoted.lowerBound + 1, end: quoted.upperBound - 1)
    )
  }

  /// A number written at `range`, whose value is `value`.
  @inline(__always)
  package func addNumber(_ key: RecordKey, at range: Range<Int>, value: Double) {
    add(
      key, ScannedValue(kind: .number, hasEscapes: false, start: range.lowerBound, end: range.upperBound, number: value)
    )
  }

  /// `null` written at `range`.
  @inline(__always)
  package func addNull(_ key: RecordKey, at range: Range<Int>) {
    add(key, ScannedValue(kind: .null, hasEscapes: false, start: range.lowerBound, end: range.upperBound))
  }

  /// `true` or `false` written at `range`.
  @inline(__always)
  package func addBool(_ key: RecordKey, at range: Range<Int>, value: Bool) {
    add(
      key, ScannedValue(kind: value ? .true : .false, hasEscapes: false, start: range.lowerBound, end: range.upperBound)
    )
  }

  /// The members of `object` (a JSON object as text), whose first byte is at `offset` of the
  /// line: its opening brace may be replaced there by a comma, its members are where they were.
  package func addMembers(of object: UnsafeRawBufferPointer, at offset: Int) {
    guard offset + object.count < Int32.max else {
      isUsable = false
      return
    }
    do throws(JSONSyntaxError) { try scanner.scan(object) } catch {
      isUsable = false
      return
    }
    let scanned = scanner.record
    if scanned.present & present != 0 { isUsable = false }
    repeatedKey = repeatedKey ?? scanner.repeatedKey
    var remaining = scanned.present
    while remaining != 0 {
      let key = remaining.trailingZeroBitCount
      var value = scanned.slots[key]
      value.start += Int32(offset)
      value.end += Int32(offset)
      byKey[key] = value
      remaining &= remaining &- 1
    }
    present |= scanned.present
  }

  /// The scan of the record assembled since ``begin()``, valid until the next `begin()`; nil
  /// when the line must be scanned whole. `eventName` is the event `ev` names when it is a
  /// known name written without escapes.
  package func prescan(eventName: EventName?) -> PrescannedRecord? {
    guard isUsable else { return nil }
    var written = 0
    var remaining = present
    while remaining != 0 {
      inKeyOrder[written] = byKey[remaining.trailingZeroBitCount]
      written += 1
      remaining &= remaining &- 1
    }
    return PrescannedRecord(
      summary: .init(present: present, repeatedKey: repeatedKey, eventName: eventName), slots: UnsafePointer(inKeyOrder)
    )
  }

  @inline(__always)
  private func add(_ key: RecordKey, _ value: ScannedValue) {
    let bit: UInt64 = 1 << UInt64(key.rawValue)
    if present & bit != 0 { isUsable = false }
    present |= bit
    byKey[key.rawValue] = value
  }
}

extension ScannedValue {
  fileprivate init(kind: JSONKind, hasEscapes: Bool, start: Int, end: Int, number: Double = .nan) {
    self.init(kind: kind, hasEscapes: hasEscapes, start: Int32(start), end: Int32(end), number: number)
  }
}
