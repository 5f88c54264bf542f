import Foundation
import NIOCore
import PostgresNIO
import TraceStore

/// A PostgreSQL value as traceq prints it (``StoredValue``): integers (booleans as 1 and 0, as
/// SQLite keeps them), reals, text (JSON as its text, times as ISO 8601), blobs for `bytea`
/// and for any type it does not know (cast such a column to text to read it).
enum PostgresCells {
  static func value(_ cell: PostgresCell) -> StoredValue {
    guard var bytes = cell.bytes else { return .null }
    switch cell.dataType {
    case .bool:
      return .integer(bytes.readInteger(as: UInt8.self) == 0 ? 0 : 1)
    case .int2:
      return bytes.readInteger(as: Int16.self).map { .integer(Int64($0)) } ?? .null
    case .int4:
      return bytes.readInteger(as: Int32.self).map { .integer(Int64($0)) } ?? .null
    case .oid:
      return bytes.readInteger(as: UInt32.self).map { .integer(Int64($0)) } ?? .null
    case .int8:
      return bytes.readInteger(as: Int64.self).map { .integer($0) } ?? .null
    case .float4:
      return bytes.readInteger(as: UInt32.self).map { .real(Double(Float(bitPattern: $0))) } ?? .null
    case .float8:
      return bytes.readInteger(as: UInt64.self).map { .real(Double(bitPattern: $0)) } ?? .null
    case .numeric:
      return number(cell)
    case .text, .varchar, .name, .bpchar, .char, .json, .unknown:
      return .text(bytes.readString(length: bytes.readableBytes) ?? "")
    case .jsonb:
      bytes.moveReaderIndex(forwardBy: 1)  // the format's version
      return .text(bytes.readString(length: bytes.readableBytes) ?? "")
    case .timestamptz, .timestamp:
      return (try? cell.decode(Date.self)).map { .text(timestamp($0)) } ?? .blob(Array(buffer: bytes))
    case .uuid:
      return (try? cell.decode(UUID.self)).map { .text($0.uuidString.lowercased()) } ?? .blob(Array(buffer: bytes))
    default:
      return .blob(Array(buffer: bytes))
    }
  }

  /// A `numeric` (what `sum` and `avg` of integers give): an integer when it is one, else a real.
  private static func number(_ cell: PostgresCell) -> StoredValue {
    guard let decimal = try? cell.decode(Decimal.self) else { return .null }
    let text = "\(decimal)"
    if let integer = Int64(text) { return .integer(integer) }
    return Double(text).map { .real($0) } ?? .text(text)
  }

  /// `2026-11-25T17:30:00.123Z`: UTC, milliseconds when there are some.
  private static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    let seconds = date.timeIntervalSince1970
    formatter.formatOptions =
      seconds == seconds.rounded() ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }
}
