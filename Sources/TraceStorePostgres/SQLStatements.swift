/// Splits SQL text into its statements at the semicolons outside quotes, comments and
/// dollar-quoted bodies: PostgreSQL's extended protocol takes one statement at a time.
enum SQLStatements {
  /// The statements of `sql` that hold more than white space and comments, without their `;`.
  static func split(_ sql: String) -> [String] {
    let bytes = Array(sql.utf8)
    var statements: [String] = []
    var start = 0
    var index = 0
    var holdsCode = false
    func take(_ end: Int) {
      if holdsCode { statements.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
      start = end + 1
      holdsCode = false
    }
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      switch byte {
      case UInt8(ascii: "'"), UInt8(ascii: "\""):
        holdsCode = true
        index = skipQuoted(bytes, from: index, quote: byte)
        continue
      case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        continue
      case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
        index = skipBlockComment(bytes, from: index)
        continue
      case UInt8(ascii: "$"):
        holdsCode = true
        if let end = skipDollarQuoted(bytes, from: index) {
          index = end
          continue
        }
      case UInt8(ascii: ";"):
        take(index)
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        break
      default:
        holdsCode = true
      }
      index += 1
    }
    take(bytes.count)
    return statements
  }

  /// The index after a quoted string or identifier starting at `index` (a doubled quote stays inside).
  private static func skipQuoted(_ bytes: [UInt8], from index: Int, quote: UInt8) -> Int {
    var index = index + 1
    while index < bytes.count {
      if bytes[index] == quote {
        if index + 1 < bytes.count, bytes[index + 1] == quote {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return index
  }

  /// The index after a `/* … */` comment (they nest in PostgreSQL).
  private static func skipBlockComment(_ bytes: [UInt8], from index: Int) -> Int {
    var depth = 0
    var index = index
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// The index after a `$tag$ … $tag$` body starting at `index`, or nil when `$` starts none
  /// (a parameter such as `$1`).
  private static func skipDollarQuoted(_ bytes: [UInt8], from index: Int) -> Int? {
    var tagEnd = index + 1
    while tagEnd < bytes.count, bytes[tagEnd] != UInt8(ascii: "$") {
      let byte = bytes[tagEnd]
      let isTagByte =
        byte == UInt8(ascii: "_") || (byte >= 0x80) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (tagEnd > index + 1 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
      guard isTagByte else { return nil }
      tagEnd += 1
    }
    guard tagEnd < bytes.count else { return nil }
    let tag = bytes[index...tagEnd]
    var search = tagEnd + 1
    while search + tag.count <= bytes.count {
      if bytes[search] == UInt8(ascii: "$"), bytes[search..<search + tag.count].elementsEqual(tag) {
        return search + tag.count
      }
      search += 1
    }
    return bytes.count
  }
}
