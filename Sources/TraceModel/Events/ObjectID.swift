/// A controller, popover or window of one session, numbered in order of first appearance.
///
/// Traces name objects by address (`"0x7f9c"`); ``SessionSymbols`` turns each address into a
/// dense number so that replay state can live in arrays. An id is only meaningful together
/// with the symbols of its session.
public struct ObjectID: Hashable, Comparable, Sendable {
  public let index: Int32

  public init(_ index: Int) { self.index = Int32(index) }

  @inline(__always) public var offset: Int { Int(index) }

  public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.index < rhs.index }
}
