/// Class names as a trace writes them.
enum ClassNames {
  /// The prefix of the subclass Key-Value Observing makes of an observed object's class.
  static let observedPrefix = "NSKVONotifying_"

  /// `name` (Swift's `String(describing:)` of the class: demangled, generic arguments included,
  /// `UIHostingController<ContentView>`) without Key-Value Observing's prefix.
  static func display(_ name: String) -> String {
    name.hasPrefix(observedPrefix) ? String(name.dropFirst(observedPrefix.count)) : name
  }
}
