import TraceModel

extension SessionModel {
  /// How many controllers one walk of the controller hierarchy visits at most: up a parent
  /// chain, down the controllers shown, along presentations. UIKit documents no limit on how
  /// deep controllers nest, and real apps' hierarchies are a few dozen levels at most; the bound
  /// keeps every walk short whatever a trace claims (a chain of 200,000 `addChild` made `check`
  /// quadratic), and finite even if a cycle ever formed. A session whose hierarchy grows deeper
  /// gets a `hierarchy-too-deep` warning (``noteDepth(of:)``).
  package static let deepestChain = 256

  /// The controllers from `first` on, each the `step` of the one before, until `step` answers
  /// nil or ``deepestChain`` controllers are visited.
  func walk(from first: ObjectID, step: @escaping (ObjectID) -> ObjectID?) -> HierarchyWalk {
    HierarchyWalk(first: first, limit: Self.deepestChain, step: step)
  }
}

/// A walk of the controller hierarchy: `first`, then each controller `step` leads to from the
/// one before, at most `limit` of them. The next controller is found as one is handed out, so a
/// loop may change the links of the one it holds.
struct HierarchyWalk: Sequence, IteratorProtocol {
  private var upcoming: ObjectID?
  private var remaining: Int
  private let step: (ObjectID) -> ObjectID?

  init(first: ObjectID, limit: Int, step: @escaping (ObjectID) -> ObjectID?) {
    upcoming = first
    remaining = limit
    self.step = step
  }

  mutating func next() -> ObjectID? {
    guard let vc = upcoming, remaining > 0 else { return nil }
    remaining -= 1
    upcoming = remaining > 0 ? step(vc) : nil
    return vc
  }
}
