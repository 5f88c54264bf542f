/// What a record says about a controller's class: its name (`class`) and, for a container
/// whose name does not say so, its kind (`kind`).
public struct ClassDescription: Sendable {
  /// The class name written as `class`, cut at 128 UTF-8 bytes.
  public var name: String
  /// The container kind written as `kind`; nil writes none (UIKit's own containers need none:
  /// ``ContainerKind/init(impliedByClass:)``).
  public var kind: ContainerKind?

  /// A description naming the class `name`, of container kind `kind` (nil: none written).
  public init(name: String, kind: ContainerKind? = nil) {
    self.name = name
    self.kind = kind
  }

  /// The name Swift gives the object's class (`String(describing: type(of: object))`: demangled,
  /// with generic arguments, `UIHostingController<ContentView>`), no kind.
  public init(of object: AnyObject) {
    self.init(name: String(describing: type(of: object)))
  }
}

/// The `class` and `kind` keys, prepared once per class. Used under the recorder's lock.
final class ClassTable {
  private let describe: @Sendable (AnyObject) -> ClassDescription
  /// `,"class":"Name","kind":"navigation"` per class.
  private var descriptions: [ObjectIdentifier: StoredBytes] = [:]

  /// Class names are cut at this many bytes, so that a record's size stays bounded.
  static let maxNameBytes = 128

  init(describe: @escaping @Sendable (AnyObject) -> ClassDescription) {
    self.describe = describe
  }

  /// Releases the prepared bytes (the recorder's deinit).
  func free() {
    for bytes in descriptions.values { bytes.free() }
  }

  /// `,"class":"Name"` (and `kind`) for `object`, whose class is `type`.
  func description(of object: AnyObject, type: ObjectIdentifier) -> StoredBytes {
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
}
