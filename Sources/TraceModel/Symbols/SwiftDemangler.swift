import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Swift's own demanglers, so that a mangled name in a console log or crash report reads as the
/// developer wrote it: `_TtGC7SwiftUI19UIHostingControllerVS_7AnyView_` →
/// `SwiftUI.UIHostingController<SwiftUI.AnyView>`, `$s5MyApp14ViewControllerC4showyyF` →
/// `MyApp.ViewController.show() -> ()`. Nothing is guessed:
///
/// - the toolchain's demangler library (`libswiftDemangle`, what `swift-demangle` runs), found
///   next to `swift-demangle` on the `PATH` (or named by `$TRACEQ_SWIFT_DEMANGLE_LIBRARY`):
///   every mangling, the Objective-C runtime names of Swift classes (`_Tt…`) included;
/// - without a toolchain, the Swift runtime's `swift_demangle` (in every Swift program), which
///   knows the current mangling (`$s…`) but leaves runtime class names (`_Tt…`) as they are.
package enum SwiftDemangler {
  /// `name` demangled; nil when it is not a mangled Swift name (an Objective-C class, a C
  /// function) or no demangler here knows its mangling.
  package static func demangle(_ name: String) -> String? {
    guard isMangled(name) else { return nil }
    if let library = Library.shared, let text = library.demangle(name), text != name { return text }
    guard let runtime = runtimeDemangle else { return nil }
    let result = name.withCString { runtime($0, strlen($0), nil, nil, 0) }
    guard let result else { return nil }
    defer { free(result) }
    let text = String(cString: result)
    return text == name ? nil : text
  }

  /// The Swift module a mangled type or symbol belongs to (`SwiftUI` for a hosting controller),
  /// read by the toolchain's demangler; nil without one, or for a name that is not mangled.
  package static func module(of name: String) -> String? {
    guard isMangled(name), let library = Library.shared else { return nil }
    return library.module(of: name)
  }

  /// Whether `name` has the shape of a mangled Swift name: the Objective-C runtime's `_Tt…`,
  /// or a symbol (`$s…`, `_$s…`, `$S…`, `_T0…`).
  package static func isMangled(_ name: String) -> Bool {
    // Each shape starts with `_` or `$`: other names, most of them, are told by their first
    // byte (an ASCII byte there is the first character's, and no other character equals these).
    guard let first = name.utf8.first, first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else { return false }
    return ["_Tt", "$s", "_$s", "$S", "_$S", "$e", "_$e", "_T0"].contains { name.hasPrefix($0) } && name.count > 3
  }

  // MARK: - The runtime's demangler

  private typealias RuntimeDemangle =
    @convention(c) (
      UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
    ) -> UnsafeMutablePointer<CChar>?

  /// `swift_demangle` of the Swift runtime this process runs on.
  private static let runtimeDemangle: RuntimeDemangle? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_demangle") else { return nil }
    return unsafeBitCast(symbol, to: RuntimeDemangle.self)
  }()

  // MARK: - The toolchain's demangler library

  /// `libswiftDemangle`'s C interface (`swift/SwiftDemangle/SwiftDemangle.h`).
  private final class Library: @unchecked Sendable {
    private typealias Call = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
    private let demangledName: Call
    private let moduleName: Call

    /// Loaded once; nil when no toolchain is found.
    static let shared: Library? = {
      for path in candidates {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else { continue }
        if let name = dlsym(handle, "swift_demangle_getDemangledName"),
          let module = dlsym(handle, "swift_demangle_getModuleName")
        {
          return Library(
            demangledName: unsafeBitCast(name, to: Call.self), moduleName: unsafeBitCast(module, to: Call.self))
        }
        dlclose(handle)
      }
      return nil
    }()

    private init(demangledName: Call, moduleName: Call) {
      self.demangledName = demangledName
      self.moduleName = moduleName
    }

    func demangle(_ name: String) -> String? { call(demangledName, name) }
    func module(of name: String) -> String? { call(moduleName, name) }

    /// The functions write into a buffer and return the length they needed.
    private func call(_ function: Call, _ name: String) -> String? {
      var capacity = 256
      while capacity <= 1 << 20 {
        var buffer = [CChar](repeating: 0, count: capacity)
        let needed = name.withCString { function($0, &buffer, capacity) }
        guard needed > 0 else { return nil }
        if needed < capacity {
          return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        capacity = needed + 1
      }
      return nil
    }

    /// Where the library may be: as told, next to `swift-demangle` on the `PATH`, by its bare
    /// name (the loader's search path), and in Xcode's usual places.
    private static var candidates: [String] {
      let environment = ProcessInfo.processInfo.environment
      let file = fileName
      var paths: [String] = []
      if let told = environment["TRACEQ_SWIFT_DEMANGLE_LIBRARY"], !told.isEmpty { paths.append(told) }
      for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let tool = "\(directory)/swift-demangle"
        guard FileManager.default.isExecutableFile(atPath: tool) else { continue }
        let resolved = URL(fileURLWithPath: tool).resolvingSymlinksInPath().deletingLastPathComponent()
        paths.append(resolved.deletingLastPathComponent().appendingPathComponent("lib/\(file)").path)
      }
      paths.append(file)
      paths += [
        "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/\(file)",
        "/Library/Developer/CommandLineTools/usr/lib/\(file)",
      ]
      return paths
    }

    #if canImport(Darwin)
      private static let fileName = "libswiftDemangle.dylib"
    #else
      private static let fileName = "libswiftDemangle.so"
    #endif
  }
}
