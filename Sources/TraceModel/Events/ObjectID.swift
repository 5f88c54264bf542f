/// A controller, popover or window of one session, numbered in order of first appearance.
///
/// Traces name objects by address (`"0x7f9c"`); ``SessionSymbols`` turns each address into a
/// dense number so that replay state can live in arrays. An id is only meaningful together
/// with the symbols of its session.
public struct ObjectID: Hashable, Comparable, Sendable {
  /// The number, from 0 in order of first appearance.
  public let index: Int32

  /// The id numbered `index`.
  public init(_ index: Int) { self.index = Int32(index) }

  /// The number as an array index.
  @inline(__always) public var offset: Int { Int(index) }

  public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.index < rhs.index }
}
