import TraceModel

/// A view controller of a generated session, as the script knows it: its address and class,
/// what it contains, and what it answered when UIKit asked about orientation.
final class ScriptController {
  /// What the controller is to UIKit.
  enum Role {
    /// A screen of the app (no children the script tracks).
    case content
    case navigation, tabBar, split
    /// A custom container showing one child at a time, swapped with `transition(from:to:)`.
    case pager
  }

  let address: String
  let className: String
  let role: Role
  /// The `kind` written with the class, for a container whose class name does not say it.
  let declaredKind: ContainerKind?
  /// The trace has given its class (on the first record whose `vc` it is).
  var introduced = false
  /// A navigation stack bottom to top, the tabs, the split's two sides, the pager's page.
  var children: [ScriptController] = []
  /// The selected tab.
  var selected = 0
  /// Its last `supportedInterfaceOrientations` answer.
  var mask: OrientationMask?
  /// Its `preferredInterfaceOrientationForPresentation` answer.
  var preferred: InterfaceOrientation?
  /// Its last `shouldAutorotate` answer.
  var autorotates: Bool?

  init(address: String, className: String, role: Role, declaredKind: ContainerKind? = nil) {
    self.address = address
    self.className = className
    self.role = role
    self.declaredKind = declaredKind
  }

  /// The controllers on screen from this one down, parents first: the top of a navigation
  /// stack, the selected tab, both sides of a split, the pager's page.
  var shownChain: [ScriptController] {
    var chain: [ScriptController] = []
    appendShown(to: &chain)
    return chain
  }

  private func appendShown(to chain: inout [ScriptController]) {
    chain.append(self)
    switch role {
    case .content: break
    case .navigation, .pager: children.last?.appendShown(to: &chain)
    case .tabBar: if children.indices.contains(selected) { children[selected].appendShown(to: &chain) }
    case .split: for child in children { child.appendShown(to: &chain) }
    }
  }

  /// The deepest navigation controller on screen from here (the one a push goes to).
  var shownNavigation: ScriptController? { shownChain.last { $0.role == .navigation } }

  /// The pager on screen from here.
  var shownPager: ScriptController? { shownChain.first { $0.role == .pager } }

  /// The screen on top: what a present is sent from.
  var shownLeaf: ScriptController { shownChain.last ?? self }
}

/// Hands out the addresses of one session's objects: heap-like, increasing, never reused.
struct AddressSpace {
  private var next: UInt64

  init(random: inout SeededRandom) {
    next = 0x7f00_0000_0000 | (random.next() & 0x00ff_ffff_f000)
  }

  /// The next address, a few heap blocks after the last one.
  mutating func make(random: inout SeededRandom) -> String {
    next += UInt64(random.within(1...64)) << 4
    return "0x" + String(next, radix: 16)
  }
}
