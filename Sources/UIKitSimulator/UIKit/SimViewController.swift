import TraceModel

/// A view controller of the simulated UIKit: its family (parent and children), its place in
/// the presentation chain, its appearance state and the answers its class gives to UIKit's
/// questions. Containers are subclasses that say which children they show.
class SimViewController {
  /// The id the recorder writes (`"0x7f3a2c10"`).
  let address: String
  /// Its class, as `String(describing: type(of:))` gives it.
  let className: String

  /// The parent that added it (a navigation stack, a tab, a custom container).
  weak var parent: SimViewController?
  /// Children in the order the container added them.
  var children: [SimViewController] = []

  /// The controller this one presented itself (UIKit's own link; the public property,
  /// ``presentedViewController``, also answers for ancestors).
  var presented: SimViewController?
  /// The controller that presented this one, for a presented controller.
  weak var presenter: SimViewController?
  /// How it was presented, for a presented controller.
  var modal: ModalBehaviour?
  /// A presentation or dismissal this controller is animating as the presenter.
  var transition: PresentationTransition?

  /// A legacy controller whose view was added by hand into `host`'s view (`addSubview`):
  /// on screen with its host, but outside the controller hierarchy ("detached").
  weak var host: SimViewController?

  /// UIKit's appearance state: the last appearance callback it got, and on which line.
  var appearance = AppearState.disappeared
  var lastAppearanceLine = 0
  /// Counts the will- callbacks: a did- callback scheduled for an earlier one is not sent
  /// once a newer transition has started (the newer one cancels it, as a reversed interactive
  /// transition does).
  var appearanceGeneration = 0

  /// A container called beginAppearanceTransition on it and not yet endAppearanceTransition.
  var hasOpenAppearanceTransition = false

  /// The trace has given its class.
  var isIntroduced = false
  /// The mask the trace last shows it answering, if it shows one.
  var recordedMask: OrientationMask?
  /// Added with addChild (on that line) and not yet told didMove(toParent:).
  var addedAwaitingDidMove: Int?
  /// Told willMove(toParent: nil) since it was last added.
  var isLeavingParent = false

  /// What the class returns from `supportedInterfaceOrientations`.
  var supportedMask: OrientationMask
  /// What the class returns from `shouldAutorotate`.
  var autorotates = true
  /// What the class returns from `preferredInterfaceOrientationForPresentation`, when it
  /// overrides it (the recorder sees only overriding classes answer).
  var preferredOrientation: InterfaceOrientation?
  /// What the class returns from `definesPresentationContext`.
  var definesPresentationContext = false

  init(address: String, className: String, mask: OrientationMask) {
    self.address = address
    self.className = className
    self.supportedMask = mask
  }

  /// The record's `kind` for a subclass of a UIKit container whose class name does not say
  /// what it is (docs/trace-format.md); nil for UIKit's own classes and plain controllers.
  var declaredKind: String? { nil }

  /// The children whose views UIKit shows now: a navigation controller's top, a tab bar
  /// controller's selected tab, both panes of a split view, a custom container's current page.
  var shownChildren: [SimViewController] { children }

  /// Whether UIKit forwards appearance callbacks to the children
  /// (`shouldAutomaticallyForwardAppearanceMethods`, YES unless a custom container says NO:
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/shouldautomaticallyforwardappearancemethods).
  var forwardsAppearance: Bool { true }

  /// The child a container subclass answers `supportedInterfaceOrientations` for (its top,
  /// its selected tab, its page); nil when the controller answers for itself, as UIKit's own
  /// containers do ("iOS containers (such as UINavigationController) do not consult their
  /// children", iOS 6 release notes:
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/supportedinterfaceorientations).
  var consultedContent: SimViewController? { nil }

  /// The controllers UIKit's question reaches when this one decides the orientation, in the
  /// order they answer: a container that consults its content asks it first.
  var orientationAnswerers: [SimViewController] { (consultedContent?.orientationAnswerers ?? []) + [self] }

  /// What this controller returns from `supportedInterfaceOrientations`.
  var effectiveMask: OrientationMask { consultedContent?.effectiveMask ?? supportedMask }

  /// What the app's code does when UIKit sends this controller an appearance callback (a
  /// custom container that forwards appearance by hand does it here).
  func received(_ callback: AppearanceCallback, in app: SimApplication) {}

  /// Adds `child` at the end of the children (UIKit's bookkeeping behind addChild, a push…).
  func adopt(_ child: SimViewController) {
    child.parent?.abandon(child)
    child.parent = self
    children.append(child)
  }

  /// Removes `child` from the children.
  func abandon(_ child: SimViewController) {
    children.removeAll { $0 === child }
    if child.parent === self { child.parent = nil }
  }
}

/// UIKit's per-controller appearance state (the four states its appearance callbacks move
/// between: https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)).
enum AppearState {
  case disappeared, appearing, appeared, disappearing

  /// The state `callback` leads to.
  init(after callback: AppearanceCallback) {
    switch callback {
    case .viewWillAppear: self = .appearing
    case .viewDidAppear: self = .appeared
    case .viewWillDisappear: self = .disappearing
    case .viewDidDisappear: self = .disappeared
    }
  }

  /// Whether `callback` may follow this state. A will- callback may reverse a transition that
  /// has not finished (a cancelled interactive pop or sheet swipe: will-appear then
  /// will-disappear, http://wangling.me/2014/02/the-inconsistent-order-of-view-transition-events.html).
  func allows(_ callback: AppearanceCallback) -> Bool {
    switch callback {
    case .viewWillAppear: self == .disappeared || self == .disappearing
    case .viewDidAppear: self == .appearing
    case .viewWillDisappear: self == .appeared || self == .appearing
    case .viewDidDisappear: self == .disappearing
    }
  }
}
