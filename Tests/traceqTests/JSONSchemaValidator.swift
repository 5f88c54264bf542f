import Foundation

/// Validates a JSON value against the part of JSON Schema (2020-12) that traceq's schemas in
/// docs/ use: `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`,
/// `items`, `minimum`, `minLength`, `pattern` and `$ref` into `#/$defs/`. A keyword it does not
/// know is an error, so that a schema cannot silently say more than the tests check.
struct JSONSchemaValidator {
  private let root: [String: Any]

  private static let known: Set<String> = [
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "properties", "required",
    "additionalProperties", "items", "minimum", "minLength", "pattern",
  ]

  init(schema data: Data) throws {
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.propertyListReadCorrupt)
    }
    self.root = root
  }

  /// The problems of `value`, each as `path: what is wrong`; empty when it is valid.
  func problems(_ value: Any) -> [String] {
    var found: [String] = []
    check(value, against: root, at: "$", into: &found)
    return found
  }

  private func check(_ value: Any, against schema: [String: Any], at path: String, into found: inout [String]) {
    for key in schema.keys where !Self.known.contains(key) {
      found.append("\(path): schema keyword \(key) unsupported")
    }
    if let reference = schema["$ref"] as? String {
      let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
      guard let definition = (root["$defs"] as? [String: Any])?[name] as? [String: Any] else {
        found.append("\(path): no definition \(reference)")
        return
      }
      check(value, against: definition, at: path, into: &found)
    }
    if let type = schema["type"] as? String, !Self.value(value, is: type) {
      found.append("\(path): not of type \(type)")
      return
    }
    if let constant = schema["const"], !Self.equal(value, constant) { found.append("\(path): not \(constant)") }
    if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
      found.append("\(path): \(value) is not one of \(options)")
    }
    if let object = value as? [String: Any] { checkObject(object, against: schema, at: path, into: &found) }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, item) in array.enumerated() { check(item, against: items, at: "\(path)[\(index)]", into: &found) }
    }
    if let minimum = schema["minimum"] as? Int, let number = value as? Int, number < minimum {
      found.append("\(path): \(number) is below \(minimum)")
    }
    if let string = value as? String {
      if let length = schema["minLength"] as? Int, string.count < length {
        found.append("\(path): shorter than \(length)")
      }
      if let pattern = schema["pattern"] as? String, string.range(of: pattern, options: .regularExpression) == nil {
        found.append("\(path): '\(string)' does not match \(pattern)")
      }
    }
  }

  private func checkObject(
    _ object: [String: Any], against schema: [String: Any], at path: String, into found: inout [String]
  ) {
    let properties = schema["properties"] as? [String: Any] ?? [:]
    for name in schema["required"] as? [String] ?? [] where object[name] == nil {
      found.append("\(path): missing \(name)")
    }
    for (name, member) in object {
      if let property = properties[name] as? [String: Any] {
        check(member, against: property, at: "\(path).\(name)", into: &found)
      } else if schema["additionalProperties"] as? Bool == false {
        found.append("\(path): unexpected property \(name)")
      }
    }
  }

  private static func value(_ value: Any, is type: String) -> Bool {
    let isBoolean = Self.isBoolean(value)
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean": return isBoolean
    case "integer": return !isBoolean && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
    case "number": return !isBoolean && value is NSNumber
    case "null": return value is NSNull
    default: return false
    }
  }

  /// Whether JSONSerialization read `true` or `false` (on Darwin an NSNumber of type `c`).
  private static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) == "c"
  }

  private static func equal(_ left: Any, _ right: Any) -> Bool {
    (left as? NSObject)?.isEqual(right) ?? false
  }
}
