/// Where decoded trace items come from, in line order: a file of any input kind (`TraceStream`,
/// whose importers turn its lines into ``TraceItem``s). What drives sessions through the model
/// reads this and nothing more, so a new input format plugs in here.
public protocol TraceItemSource: AnyObject {
  /// The next item, or nil at the end of the input.
  func next() throws -> TraceItem?
  /// True once the input ended early (cut short or damaged): its last session may be incomplete.
  var wasCutShort: Bool { get }
  /// What the input was read as, once known (nil for an empty input).
  var kind: InputKind? { get }
}
