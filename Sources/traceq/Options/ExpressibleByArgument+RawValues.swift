import ArgumentParser

/// An option's values named by their raw strings, as swift-argument-parser names them, without
/// its `String(describing:)` of each (a dynamic cast that looks through the binary's protocol
/// conformances): every command line builds the options of its command a few times. Public
/// because some of the types are (`Severity`).
extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }

  public static var allValueDescriptions: [String: String] {
    allCases.reduce(into: [:]) { descriptions, value in
      if value.rawValue != value.defaultValueDescription {
        descriptions[value.rawValue] = value.defaultValueDescription
      }
    }
  }

  public var defaultValueDescription: String { rawValue }
}
