import TraceModel

/// A UIKit diagnostic recognised in a console record: which one, the objects it names, and
/// where the record says it was logged.
package struct ConsoleDiagnostic: Sendable {
  /// The catalog entry: its rule id, severity, hint.
  package let entry: ConsoleEntry
  /// The objects the message names, in the order UIKit writes them.
  package let objects: [Object]
  /// The record's time stamp and process, when its prefix gave them.
  package let origin: ConsoleOrigin
  /// The message from its first word, with its whitespace made single spaces.
  package let message: String

  /// An object as UIKit described it: `<MyApp.SettingsViewController: 0x7f9c>` gives the class
  /// `MyApp.SettingsViewController` and the address `0x7f9c`.
  package struct Object: Sendable, Equatable {
    /// What the object is in the message (`presented`, `presenter`, …).
    package let role: String
    /// The class; nil for `(null)`.
    package let className: String?
    /// The address; nil when the message gave none or it was replaced (`0x…`, `0xXXXX`).
    package let address: String?

    package init(role: String, className: String?, address: String?) {
      self.role = role
      self.className = className
      self.address = address
    }

    /// Reads a description's inside (`UINavigationController: 0x7fb2`), whitespace left by a
    /// hard wrap removed.
    init(role: String, description: ArraySlice<UInt8>) {
      self.role = role
      let compact = description.filter { !(($0 == 0x20) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x60) }
      var depth = 0
      var colon: Int?
      for (offset, byte) in compact.enumerated() {
        if byte == UInt8(ascii: "<") { depth += 1 }
        if byte == UInt8(ascii: ">") { depth -= 1 }
        if byte == UInt8(ascii: ":"), depth == 0 {
          colon = offset
          break
        }
      }
      let classBytes = colon.map { compact[..<$0] } ?? compact[...]
      let name = String(decoding: classBytes, as: UTF8.self)
      className = name.isEmpty || name.allSatisfy({ $0 == "." || $0 == "…" }) ? nil : name
      if let colon {
        let rest = compact[(colon + 1)...].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") }
        let text = String(decoding: rest, as: UTF8.self)
        address = Self.isHexAddress(text) ? text.lowercased() : nil
      } else {
        address = nil
      }
    }

    private static func isHexAddress(_ text: String) -> Bool {
      guard text.hasPrefix("0x") || text.hasPrefix("0X"), text.count > 2 else { return false }
      return text.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// `MyApp.SettingsViewController 0x7f9c`, as findings name objects.
    package var described: String {
      switch (className, address) {
      case (let name?, let address?): "\(name) \(address)"
      case (let name?, nil): name
      case (nil, let address?): address
      case (nil, nil): "(null)"
      }
    }
  }
}
