import TraceModel

/// How an event's line is stored in `event_rows.record`, told by `event_rows.record_form`:
/// either the whole line (``whole``), or only the members the row's typed columns do not
/// reproduce, as a JSON object (`{}` when none). The `events` view rebuilds the record from
/// the columns and those members: JSON equal to the line, though not byte for byte (key order
/// and the spelling of numbers may differ).
///
/// A member is left to its column when the column rebuilds a JSON-equal value under the same
/// key: an id, name or boolean always does; `t` when it is a plain decimal of up to 15
/// significant digits (SQLite prints a REAL with 15), `mask` when it is an integer as
/// UIKit's value. When `t` or `mask` stays in the record, a bit of the form says so and the
/// view does not add the column's member. Anything odd keeps the whole line: a key written
/// with escapes or twice, an escaped string in a column, an event name past the unknown
/// names limit.
package enum RecordForm {
  /// `record` is the line as written (every row stored before schema v6).
  package static let whole: Int64 = 1
  /// `record` keeps `mask` as written (a name, an array, a non-integer spelling).
  package static let maskInRecord: Int64 = 2
  /// `record` keeps `t` as written (more than 15 significant digits, or an exponent).
  package static let timeInRecord: Int64 = 4

  /// Appends what `record` stores for `line`, the record of `event`, to `rest` and returns the
  /// form (what an ``IngestItemSource`` hands the writer, split on the decoding thread).
  package static func split(_ event: TraceEvent, line: UnsafeRawBufferPointer, into rest: inout [UInt8]) -> Int64 {
    split(
      line, keys: ColumnKeys(EventColumns(event.payload), event: event.name, hasTime: event.time != nil), into: &rest)
  }

  /// Appends what `record` stores for `line` (an event's validated JSON object) to `rest` and
  /// returns the form. `keys` are the keys the row's non-NULL columns came from.
  package static func split(_ line: UnsafeRawBufferPointer, keys: ColumnKeys, into rest: inout [UInt8]) -> Int64 {
    let start = rest.count
    rest.append(UInt8(ascii: "{"))
    var form: Int64 = 0
    var seen: UInt32 = 0
    var members = MemberReader(line)
    while let member = members.next() {
      guard !member.keyHasEscapes else { return keepWhole(line, from: start, into: &rest) }
      let key = member.key(in: line)
      if let column = keys.column(named: key) {
        let bit: UInt32 = 1 << column.rawValue
        guard seen & bit == 0 else { return keepWhole(line, from: start, into: &rest) }
        seen |= bit
        switch column.rebuilds(member.value(in: line)) {
        case .yes: continue
        case .no:
          form |= column == .mask ? maskInRecord : timeInRecord
        case .never: return keepWhole(line, from: start, into: &rest)
        }
      }
      if rest.count > start + 1 { rest.append(UInt8(ascii: ",")) }
      rest.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[member.span]))
    }
    guard seen == keys.present else { return keepWhole(line, from: start, into: &rest) }
    rest.append(UInt8(ascii: "}"))
    return form
  }

  private static func keepWhole(_ line: UnsafeRawBufferPointer, from start: Int, into rest: inout [UInt8]) -> Int64 {
    rest.removeSubrange(start...)
    rest.append(contentsOf: line)
    return whole
  }
}

/// The record keys a row's non-NULL typed columns came from (`vc` is `to` for a transition,
/// `other` is `parent`, `nav`, `presenter`…), as the `events` view names them back.
package struct ColumnKeys {
  /// A typed column that rebuilds a member of the record.
  enum Column: Int {
    case ev, t, vc, other, popover, orientation, mask, style, animated

    /// Whether the column rebuilds `value` (a member's value as written) JSON-equal: `.no`
    /// keeps the member in the record, `.never` the whole line.
    fileprivate func rebuilds(_ value: UnsafeRawBufferPointer) -> Rebuild {
      switch self {
      case .t: return Self.isShortDecimal(value) ? .yes : .no
      case .mask: return value.allSatisfy { $0 &- 0x30 < 10 } ? .yes : .no
      case .animated: return .yes
      case .ev, .vc, .other, .popover, .orientation, .style:
        // A string the column holds decoded: escapes could spell it another way.
        return value.contains(UInt8(ascii: "\\")) ? .never : .yes
      }
    }

    /// `-?digits(.digits)?` with at most 15 significant digits: SQLite's text of the REAL
    /// (15 significant digits) reads back as the same double.
    private static func isShortDecimal(_ value: UnsafeRawBufferPointer) -> Bool {
      var digits = 0
      var leading = true
      for (index, byte) in value.enumerated() {
        if byte &- 0x30 < 10 {
          if leading && byte == UInt8(ascii: "0") { continue }
          leading = false
          digits += 1
        } else if !(byte == UInt8(ascii: ".") || (byte == UInt8(ascii: "-") && index == 0)) {
          return false
        }
      }
      return digits <= 15 && value.count <= 24
    }
  }

  fileprivate enum Rebuild { case yes, no, never }

  /// Every key a column can come from, in the order of ``keyNames``.
  private enum Key: Int {
    case ev, t, vc, to, nav, presenter, container, tab, parent, popover, from, orientation, mask, orientations, style
    case animated
  }

  /// The keys as written; ``byKey`` maps their indexes to columns.
  static let keyNames: [StaticString] = [
    "ev", "t", "vc", "to", "nav", "presenter", "container", "tab", "parent", "popover", "from", "orientation",
    "mask", "orientations", "style", "animated",
  ]
  /// Four bits per key of ``keyNames``: 1 + the column that key comes from, 0 for none.
  private var byKey: UInt64 = 0
  /// A bit per column that holds a value.
  fileprivate private(set) var present: UInt32 = 0

  package init(_ columns: EventColumns, event: EventName?, hasTime: Bool) {
    set(.ev, event)
    if hasTime { set(.t, event) }
    if columns.vc != nil { set(.vc, event) }
    if columns.other != nil { set(.other, event) }
    if columns.popover != nil { set(.popover, event) }
    if columns.orientation != nil { set(.orientation, event) }
    if columns.mask != nil { set(.mask, event) }
    if columns.style != nil { set(.style, event) }
    if columns.animated != nil { set(.animated, event) }
  }

  private mutating func set(_ column: Column, _ event: EventName?) {
    byKey |= UInt64(column.rawValue + 1) << (4 * Self.key(of: column, event: event).rawValue)
    present |= 1 << column.rawValue
  }

  /// The key `column`'s member has in a record of `event` (the `events` view's CASEs say the
  /// same): as written, and as the trace format's key.
  static func member(of column: Column, event: EventName?) -> (name: StaticString, key: RecordKey) {
    let index = Self.key(of: column, event: event).rawValue
    return (keyNames[index], recordKeys[index])
  }

  /// ``keyNames`` as the trace format's keys.
  static let recordKeys: [RecordKey] = [
    .ev, .t, .vc, .to, .nav, .presenter, .container, .tab, .parent, .popover, .from, .orientation, .mask, .orientations,
    .style, .animated,
  ]

  private static func key(of column: Column, event: EventName?) -> Key {
    switch column {
    case .ev: .ev
    case .t: .t
    case .vc: event == .transition ? .to : .vc
    case .other:
      switch event {
      case .push, .pop: .nav
      case .present: .presenter
      case .setViewControllers: .container
      case .selectTab: .tab
      default: .parent
      }
    case .popover: .popover
    case .orientation:
      switch event {
      case .willRotate, .willAnimateRotation: .to
      case .didRotate: .from
      default: .orientation
      }
    case .mask: event == .requestGeometryUpdate ? .orientations : .mask
    case .style: .style
    case .animated: .animated
    }
  }

  /// The column whose member has this key, if any.
  fileprivate func column(named key: UnsafeRawBufferPointer) -> Column? {
    guard let candidate = Self.candidate(key) else { return nil }
    let name = Self.keyNames[candidate.rawValue]
    guard name.utf8CodeUnitCount == key.count else { return nil }
    for index in 0..<key.count where name.utf8Start[index] != key[index] { return nil }
    let column = Int(byKey >> (4 * candidate.rawValue) & 0xF)
    return column == 0 ? nil : Column(rawValue: column - 1)
  }

  /// The one key of ``keyNames`` that `key` can be, by its length and first byte (a line's
  /// other keys, `class`, `kind`…, mostly fail here without a comparison).
  private static func candidate(_ key: UnsafeRawBufferPointer) -> Key? {
    guard let first = key.first else { return nil }
    switch (key.count, first) {
    case (1, UInt8(ascii: "t")): return .t
    case (2, UInt8(ascii: "e")): return .ev
    case (2, UInt8(ascii: "v")): return .vc
    case (2, UInt8(ascii: "t")): return .to
    case (3, UInt8(ascii: "n")): return .nav
    case (3, UInt8(ascii: "t")): return .tab
    case (4, UInt8(ascii: "m")): return .mask
    case (4, UInt8(ascii: "f")): return .from
    case (5, UInt8(ascii: "s")): return .style
    case (6, UInt8(ascii: "p")): return .parent
    case (7, UInt8(ascii: "p")): return .popover
    case (8, UInt8(ascii: "a")): return .animated
    case (9, UInt8(ascii: "p")): return .presenter
    case (9, UInt8(ascii: "c")): return .container
    case (11, UInt8(ascii: "o")): return .orientation
    case (12, UInt8(ascii: "o")): return .orientations
    default: return nil
    }
  }
}

/// The top-level members of a JSON object already validated by the decoder, in order: where
/// each one's key and value are, nothing decoded or checked.
private struct MemberReader {
  struct Member {
    /// From the key's opening quote to the end of the value.
    var span: Range<Int>
    var keyEnd: Int
    var valueStart: Int
    var keyHasEscapes: Bool

    /// The key's bytes, without quotes.
    func key(in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: line[span.lowerBound + 1..<keyEnd - 1])
    }

    /// The value as written.
    func value(in line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      UnsafeRawBufferPointer(rebasing: line[valueStart..<span.upperBound])
    }
  }

  private let bytes: UnsafePointer<UInt8>
  private let count: Int
  private var index: Int

  init(_ line: UnsafeRawBufferPointer) {
    bytes = line.baseAddress!.assumingMemoryBound(to: UInt8.self)
    count = line.count
    index = 0
    skipSpace()
    index += 1  // the object's brace
  }

  mutating func next() -> Member? {
    skipSpace()
    guard index < count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index
    let keyHasEscapes = skipString()
    let keyEnd = index
    skipSpace()
    index += 1  // the colon
    skipSpace()
    let valueStart = index
    skipValue()
    let member = Member(span: start..<index, keyEnd: keyEnd, valueStart: valueStart, keyHasEscapes: keyHasEscapes)
    skipSpace()
    if index < count, bytes[index] == UInt8(ascii: ",") { index += 1 }
    return member
  }

  private mutating func skipSpace() {
    while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
      index += 1
    }
  }

  /// Skips a string from its opening quote; returns whether it holds an escape.
  @discardableResult
  private mutating func skipString() -> Bool {
    var escapes = false
    index += 1
    while index < count {
      while index + 8 <= count,
        !Self.hasQuoteOrBackslash(UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
      {
        index += 8
      }
      guard index < count else { break }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return escapes
      case UInt8(ascii: "\\"):
        escapes = true
        index += 2
      default:
        index += 1
      }
    }
    return escapes
  }

  /// True when one of eight bytes is a quote or a backslash (SWAR test).
  @inline(__always) private static func hasQuoteOrBackslash(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & highs != 0
  }

  /// Skips a value: a string, a number or word up to what ends it, a nested array or object
  /// whole (strings inside it included).
  private mutating func skipValue() {
    guard index < count else { return }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      skipString()
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      skipContainer()
    default:
      while index < count {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return
        default: index += 1
        }
      }
    }
  }

  private mutating func skipContainer() {
    var depth = 0
    while index < count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        skipString()
        continue
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      default:
        break
      }
      index += 1
    }
  }
}
