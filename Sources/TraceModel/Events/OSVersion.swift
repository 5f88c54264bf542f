/// An iOS version such as `7.1` or `17.4.1`, compared numerically.
public struct OSVersion: Comparable, Hashable, Sendable {
  /// The major version (`17` of `17.4.1`).
  public var major: Int
  /// The minor version (`4` of `17.4.1`).
  public var minor: Int
  /// The patch version (`1` of `17.4.1`).
  public var patch: Int

  /// The version `major.minor.patch`.
  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `"17"`, `"7.1"` or `"17.4.1"`; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(part) else { return nil }
      numbers.append(value)
    }
    while numbers.count < 3 { numbers.append(0) }
    self.init(numbers[0], numbers[1], numbers[2])
  }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}

extension OSVersion: CustomStringConvertible {
  public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
