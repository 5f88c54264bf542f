import Foundation
import TraceModel

/// The class declarations of an app's sources (`--source-root DIR`, `source_root:`), their
/// methods, and the UIKit calls in them, so that a finding about `CheckoutViewController` can
/// point at the line where it presents (or pushes, or creates a popover), the method a crash
/// report's frame names, or else the line that declares the class.
struct SourceIndex: Sendable {
  /// The file name endings that are read.
  static let extensions: Set<String> = ["swift", "m", "mm", "h"]

  /// Declarations by name (`Outer.Inner`, an Objective-C name), best first.
  private var byName: [String: [SourceDeclaration]] = [:]
  /// Declarations by their last name component (`Inner`), for names recorded without nesting.
  private var byLastName: [String: [SourceDeclaration]] = [:]
  /// Methods and calls by their class's last name component.
  private var methods: [String: [SourceMethod]] = [:]
  private var calls: [String: [SourceCall]] = [:]
  /// How many files were read.
  private(set) var files = 0
  /// How many bytes were scanned.
  private(set) var bytes = 0

  /// An index of `declarations`.
  init(_ declarations: [SourceDeclaration] = []) {
    for declaration in declarations { add(declaration) }
  }

  /// Adds what one file declares.
  mutating func add(_ scanned: DeclarationScanner.Scanned) {
    for declaration in scanned.declarations { add(declaration) }
    for method in scanned.methods { methods[Self.lastComponent(method.className), default: []].append(method) }
    for call in scanned.calls { calls[Self.lastComponent(call.method.className), default: []].append(call) }
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
      index.add(DeclarationScanner.scan([UInt8](data), file: prefix + relative))
    }
    return index
  }

  /// The declaration of the class a trace names: `CheckoutViewController`,
  /// `MyApp.CheckoutViewController` (module-qualified), `MyApp.Outer.Inner`, or a mangled
  /// `_TtCC5MyApp5Outer5Inner`. Nil when the sources do not declare it, or declare more than
  /// one class by that name.
  func declaration(of recorded: String) -> SourceDeclaration? {
    let name = Self.readable(recorded)
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

}

extension SourceIndex {
  /// Where `className` makes `call`: the first call of it in the class's methods (in file and
  /// line order), or the method that implements it. Nil when the sources have neither.
  func callSite(of call: AppCall, in className: String) -> (line: Int, file: String, method: SourceMethod)? {
    // `@objc(Name)` gives the class the name the trace records.
    let name = declaration(of: className)?.className ?? Self.readable(className)
    let found = (calls[Self.lastComponent(name)] ?? []).filter {
      $0.call == call && Self.names(name, $0.method.className)
    }
    if let first = found.min(by: { ($0.method.file, $0.line) < ($1.method.file, $1.line) }) {
      return (first.line, first.method.file, first.method)
    }
    let implementing = CallSites.implemented[call] ?? []
    guard
      let method = (methods[Self.lastComponent(name)] ?? []).filter({
        implementing.contains($0.baseName) && Self.names(name, $0.className)
      }).min(by: { ($0.file, $0.line) < ($1.file, $1.line) })
    else { return nil }
    return (method.line, method.file, method)
  }

  /// The method a backtrace frame is in, when the sources define it.
  func method(_ frame: FrameSymbol) -> SourceMethod? {
    let name = declaration(of: frame.className)?.className ?? Self.readable(frame.className)
    let candidates = (methods[Self.lastComponent(name)] ?? []).filter { Self.names(name, $0.className) }
    return candidates.first { $0.name == frame.method }
      ?? candidates.first { $0.baseName == String(frame.method.prefix { $0 != ":" }) }
  }

  /// Whether a recorded class name (module-qualified or not) names a class declared as `declared`
  /// (with its enclosing types, or an extension's type).
  private static func names(_ recorded: String, _ declared: String) -> Bool {
    let recorded = recorded.prefix { $0 != "<" }
    return recorded == declared || recorded.hasSuffix("." + declared) || declared.hasSuffix("." + recorded)
  }

  private static func lastComponent(_ name: String) -> String {
    String(name.prefix { $0 != "<" }.split(separator: ".").last ?? "")
  }

  /// A recorded class name as written in the sources: a runtime name (`_TtCC5MyApp5Outer5Inner`)
  /// demangled (`MyApp.Outer.Inner`).
  static func readable(_ recorded: String) -> String { SwiftDemangler.demangle(recorded) ?? recorded }
}

extension CheckPolicy {
  /// The index of the policy's source root; nil without one.
  /// - Throws: ``CommandFailure`` when the root is not a directory.
  func sourceIndex() throws(CommandFailure) -> SourceIndex? {
    try sourceRoot.map { root throws(CommandFailure) in try SourceIndex.build(root: root) }
  }
}
