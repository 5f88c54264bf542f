import TraceModel

/// What a record says about a controller's class: its name (`class`) and, for a container
/// whose name does not say so, its kind (`kind`).
public struct ClassDescription: Sendable {
  public var name: String
  public var kind: ContainerKind?

  public init(name: String, kind: ContainerKind? = nil) {
    self.name = name
    self.kind = kind
  }

  /// The name Swift gives the object's class (`String(describing: type(of: object))`), no kind.
  public init(of object: AnyObject) {
    self.init(name: String(describing: type(of: object)))
  }
}

/// The `class` and `kind` keys, prepared once per class, and which objects were already
/// introduced with them, so that a controller's class is written with its first record and
/// not with every one. Used under the recorder's lock.
final class ClassTable {
  private let describe: @Sendable (AnyObject) -> ClassDescription
  /// `,"class":"Name","kind":"navigation"` per class.
  private var descriptions: [ObjectIdentifier: StoredBytes] = [:]
  /// A direct-mapped cache of (address, class) pairs already introduced. A collision only
  /// costs a repeated `class` key, which the reader accepts.
  private let introduced: UnsafeMutablePointer<(address: UInt, type: ObjectIdentifier?)>
  private static let slots = 4096

  /// Class names are cut at this many bytes, so that a record's size stays bounded.
  static let maxNameBytes = 128

  init(describe: @escaping @Sendable (AnyObject) -> ClassDescription) {
    self.describe = describe
    introduced = .allocate(capacity: Self.slots)
    introduced.initialize(repeating: (0, nil), count: Self.slots)
  }

  /// Releases the prepared bytes (the recorder's deinit).
  func free() {
    for bytes in descriptions.values { bytes.free() }
    introduced.deallocate()
  }

  /// Writes the class of `object` unless this object was introduced with it already.
  @inline(__always)
  func introduce(_ object: AnyObject, at address: UInt, into encoder: inout RecordEncoder) {
    let type = ObjectIdentifier(Swift.type(of: object))
    let slot = Self.slot(address)
    if introduced[slot].address == address, introduced[slot].type == type { return }
    introduced[slot] = (address, type)
    encoder.stored(description(of: object, type: type))
  }

  /// Forgets `address` (the object was deallocated; the next one there is new).
  func forget(_ address: UInt) {
    let slot = Self.slot(address)
    if introduced[slot].address == address { introduced[slot] = (0, nil) }
  }

  private func description(of object: AnyObject, type: ObjectIdentifier) -> StoredBytes {
    if let known = descriptions[type] { return known }
    let described = describe(object)
    var name = described.name
    if name.utf8.count > Self.maxNameBytes {
      name = String(decoding: name.utf8.prefix(Self.maxNameBytes), as: UTF8.self)
    }
    var text = ",\"\(RecordKey.className.name)\":\(Self.quoted(name))"
    if let kind = described.kind { text += ",\"\(RecordKey.kind.name)\":\"\(kind.rawValue)\"" }
    let bytes = StoredBytes(text)
    descriptions[type] = bytes
    return bytes
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20:
        result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  @inline(__always) private static func slot(_ address: UInt) -> Int {
    Int(truncatingIfNeeded: (address >> 4) ^ (address >> 16)) & (slots - 1)
  }
}
