/// The keys trace format version 1 gives a meaning to. The scanner remembers where their
/// values are; every other key is left in the record untouched. (The recorder writes the same
/// keys: a test holds its copy equal to this one.) Public, not `package`, so that its raw value
/// and `==` inline into the record scanner of another module.
public enum RecordKey: Int, CaseIterable, Sendable {
  // Header
  case traceq, app, os, idiom, device, build, supported, orientation, requiresFullScreen
  // Every event
  case t, ev, vc, className, kind
  // Event fields
  case window, mask, on, value, to, from, duration, width, height, animated, appearing
  case parent, nav, container, vcs, tab, presenter, style, popover, arrows, text
  case orientations, count, frame

  /// The key as written in a record.
  package var name: String { self == .className ? "class" : String(describing: self) }

  package static let byName = ByteStringTable(allCases.map { ($0.name, $0) })
}
