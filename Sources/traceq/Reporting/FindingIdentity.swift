import Crypto
import Foundation
import Replay
import TraceModel

/// What stays the same about a finding when the same scenario is recorded again: the rule,
/// the classes of the controllers it names, and the shape of its message, with each
/// controller's address replaced by its position (`#1`, `#2`…) and the line numbers it
/// mentions (`added at line 22`) by `N`. Line numbers, times, session numbers, addresses and
/// file paths are not part of it. Baselines, SARIF fingerprints and JUnit test names use it.
struct FindingIdentity: Hashable, Codable, Comparable {
  /// What stands for a controller whose class the trace never gave.
  static let unknownClass = "?"

  var rule: String
  /// The classes of the finding's subjects, in the message's order.
  var classes: [String]
  /// The message with the subjects' addresses replaced.
  var message: String

  init(rule: String, classes: [String], message: String) {
    self.rule = rule
    self.classes = classes
    self.message = message
  }

  init(_ finding: Finding) {
    rule = finding.ruleID
    classes = finding.subjects.map { $0.className ?? ($0.isPopover ? "UIPopoverController" : Self.unknownClass) }
    message = Self.shape(finding.message, addresses: finding.subjects.map(\.address))
  }

  /// SHA-256 of the identity, in lowercase hex: the same for the same identity on any machine.
  var fingerprint: String {
    let text = ([rule, classes.joined(separator: ","), message]).joined(separator: "\u{1F}")
    return Self.sha256(text)
  }

  /// SHA-256 of `text`'s UTF-8, in lowercase hex.
  static func sha256(_ text: String) -> String {
    // Digit by digit: String(format:) took 300,000 instructions a hash, a third of what
    // `--format json` spent on each finding.
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(2 * SHA256.byteCount)
    for byte in SHA256.hash(data: Data(text.utf8)) {
      hex.append(digits[Int(byte >> 4)])
      hex.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: hex, as: UTF8.self)
  }

  static func < (lhs: FindingIdentity, rhs: FindingIdentity) -> Bool {
    (lhs.rule, lhs.message, lhs.classes.joined(separator: ",")) < (
      rhs.rule, rhs.message, rhs.classes.joined(separator: ",")
    )
  }

  /// `message` with `line 22` made `line N`, and each address replaced by `#n` (n its first
  /// position among `addresses`) where it stands as a whole word: `0xd4` in `0xd45` is left alone.
  static func shape(_ message: String, addresses: [String]) -> String {
    var placeholders: [(address: String, placeholder: String)] = []
    for (index, address) in addresses.enumerated() where !address.isEmpty {
      if !placeholders.contains(where: { $0.address == address }) { placeholders.append((address, "#\(index + 1)")) }
    }
    // The longest first, so that an address that contains another is replaced whole.
    placeholders.sort { ($0.address.count, $0.address) > ($1.address.count, $1.address) }
    // Most messages name no line: looking for its bytes is a fraction of the regex's search.
    let numbered = mentionsLine(message) ? numberingLines(message) : message
    if isPlain(numbered) && placeholders.allSatisfy({ isPlain($0.address) }) {
      return replacing(inPlain: numbered, placeholders)
    }
    var text = Substring(numbered)
    var result = ""
    while let next = text.first {
      let replaced = placeholders.first { entry in
        guard text.hasPrefix(entry.address) else { return false }
        let joinsBefore = result.last.map(isWordCharacter) == true && entry.address.first.map(isWordCharacter) == true
        let after = text.dropFirst(entry.address.count).first
        let joinsAfter = after.map(isWordCharacter) == true && entry.address.last.map(isWordCharacter) == true
        return !joinsBefore && !joinsAfter
      }
      if let replaced {
        result += replaced.placeholder
        text = text.dropFirst(replaced.address.count)
      } else {
        result.append(next)
        text = text.dropFirst()
      }
    }
    return result
  }

  /// Whether each of `text`'s bytes is a character of its own, which compares equal to no
  /// other: ASCII without a carriage return (which joins a line feed after it).
  private static func isPlain(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
  }

  /// The addresses of `placeholders` in `text` replaced as ``shape(_:addresses:)`` replaces
  /// them, for plain text and addresses (``isPlain(_:)``), where bytes are characters: in one
  /// scan of its bytes (comparing characters was most of a report's grouping of its findings).
  private static func replacing(inPlain text: String, _ placeholders: [(address: String, placeholder: String)])
    -> String
  {
    let text = Array(text.utf8)
    let entries = placeholders.map { (address: Array($0.address.utf8), placeholder: $0.placeholder.utf8) }
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      let replaced = entries.first { entry in
        let end = index + entry.address.count
        guard end <= text.count, text[index..<end].elementsEqual(entry.address) else { return false }
        let joinsBefore = result.last.map(isWordByte) == true && isWordByte(entry.address[0])
        let joinsAfter = end < text.count && isWordByte(text[end]) && isWordByte(entry.address[entry.address.count - 1])
        return !joinsBefore && !joinsAfter
      }
      if let replaced {
        result += replaced.placeholder
        index += replaced.address.count
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// ``isWordCharacter(_:)`` for an ASCII byte.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// Whether `text` holds the bytes of "line ", which ``numberingLines(_:)`` looks for. (The
  /// standard library's `contains` of a collection took as long as a regex.)
  private static func mentionsLine(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      bytes.indices.contains { start in
        bytes[start] == UInt8(ascii: "l") && bytes[start...].starts(with: "line ".utf8)
      }
    }
  }

  /// `text` with each "line 22" that stands as whole words ("at line 22,", not "online 22" or
  /// "line 22x") made "line N". A byte of a non-ASCII character counts as part of a word, so
  /// "line 2é" is left alone. (A byte scan, not a regex: a static regex's compiled program is
  /// reported as a leak by LeakSanitizer.)
  private static func numberingLines(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let word = Array("line ".utf8)
    func isWordOrNonASCII(_ byte: UInt8) -> Bool { byte >= 0x80 || isWordByte(byte) }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index...].starts(with: word), index == 0 || !isWordOrNonASCII(bytes[index - 1]) {
        let digits = index + word.count
        var end = digits
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        if end > digits, end == bytes.count || !isWordOrNonASCII(bytes[end]) {
          result += "line N".utf8
          index = end
          continue
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
