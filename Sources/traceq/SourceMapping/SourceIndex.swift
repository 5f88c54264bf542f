import Foundation

/// The class declarations of an app's sources (`--source-root DIR`, `source_root:`), so that a
/// finding about `CheckoutViewController` can point at the line that declares it.
struct SourceIndex: Sendable {
  /// The file name endings that are read.
  static let extensions: Set<String> = ["swift", "m", "mm", "h"]

  /// Declarations by name (`Outer.Inner`, an Objective-C name), best first.
  private var byName: [String: [SourceDeclaration]] = [:]
  /// Declarations by their last name component (`Inner`), for names recorded without nesting.
  private var byLastName: [String: [SourceDeclaration]] = [:]
  /// How many files were read.
  private(set) var files = 0
  /// How many bytes were scanned.
  private(set) var bytes = 0

  /// An index of `declarations`.
  init(_ declarations: [SourceDeclaration] = []) {
    for declaration in declarations { add(declaration) }
  }

  /// Reads every Swift and Objective-C file under `root` (hidden directories skipped). Paths in
  /// the index are relative to the current directory when `root` is inside it (the checkout,
  /// in CI, which is what code scanning and annotations resolve paths against), else absolute.
  /// - Throws: ``CommandFailure`` when `root` is not a directory.
  static func build(root: String) throws(CommandFailure) -> SourceIndex {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw CommandFailure.usage("--source-root \(root): no such directory")
    }
    var index = SourceIndex()
    let base = URL(fileURLWithPath: root)
    let basePath = base.standardizedFileURL.path
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    let prefix =
      basePath == current
      ? "" : basePath.hasPrefix(current + "/") ? String(basePath.dropFirst(current.count + 1)) + "/" : basePath + "/"
    guard
      let walk = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return index }
    for case let url as URL in walk where extensions.contains(url.pathExtension) {
      guard let data = try? Data(contentsOf: url) else { continue }
      let full = url.standardizedFileURL.path
      let relative = full.hasPrefix(basePath + "/") ? String(full.dropFirst(basePath.count + 1)) : full
      index.files += 1
      index.bytes += data.count
      for declaration in DeclarationScanner.scan([UInt8](data), file: prefix + relative) { index.add(declaration) }
    }
    return index
  }

  /// The declaration of the class a trace names: `CheckoutViewController`,
  /// `MyApp.CheckoutViewController` (module-qualified), `MyApp.Outer.Inner`, or a mangled
  /// `_TtCC5MyApp5Outer5Inner`. Nil when the sources do not declare it, or declare more than
  /// one class by that name.
  func declaration(of recorded: String) -> SourceDeclaration? {
    let name = Self.demangled(recorded) ?? recorded
    if let found = Self.best(byName[name]) { return found }
    let components = name.split(separator: ".")
    if components.count > 1, let found = Self.best(byName[components.dropFirst().joined(separator: ".")]) {
      return found
    }
    return Self.best(byLastName[String(components.last ?? "")])
  }

  private mutating func add(_ declaration: SourceDeclaration) {
    byName[declaration.className, default: []].append(declaration)
    let last = String(declaration.className.split(separator: ".").last ?? "")
    if last != declaration.className { byLastName[last, default: []].append(declaration) }
  }

  /// The one class among `declarations` (an `@implementation` before its `@interface`); nil
  /// when two files declare different classes by the same name.
  private static func best(_ declarations: [SourceDeclaration]?) -> SourceDeclaration? {
    guard let declarations, let best = declarations.max(by: { $0.kind < $1.kind }) else { return nil }
    let swiftClasses = declarations.filter { $0.kind == .swiftClass }
    let implementations = declarations.filter { $0.kind == .objcImplementation }
    return swiftClasses.count > 1 || implementations.count > 1 ? nil : best
  }

  /// `Module.Outer.Inner` for a Swift class name as the Objective-C runtime mangles it
  /// (`_TtC5MyApp4Name`, `_TtCC5MyApp5Outer5Inner`); nil for any other name.
  static func demangled(_ name: String) -> String? {
    guard name.hasPrefix("_TtC") else { return nil }
    var rest = Substring(name.dropFirst(3))
    var classes = 0
    while rest.first == "C" {
      classes += 1
      rest = rest.dropFirst()
    }
    var parts: [Substring] = []
    while let digits = rest.prefix(while: \.isNumber).nilIfEmpty, let length = Int(digits) {
      rest = rest.dropFirst(digits.count)
      guard rest.count >= length else { return nil }
      parts.append(rest.prefix(length))
      rest = rest.dropFirst(length)
    }
    guard rest.isEmpty, parts.count == classes + 1 else { return nil }
    return parts.joined(separator: ".")
  }
}

extension Substring {
  fileprivate var nilIfEmpty: Substring? { isEmpty ? nil : self }
}
