import TraceModel

/// An app's own container (iOS 5 containment: addChild, transition(from:to:), didMove): it
/// shows one page at a time. One that returns NO from
/// `shouldAutomaticallyForwardAppearanceMethods` forwards appearance to its page itself with
/// beginAppearanceTransition/endAppearanceTransition, from its own appearance callbacks
/// (https://developer.apple.com/documentation/uikit/uiviewcontroller/beginappearancetransition(_:animated:)).
final class SimContainerViewController: SimViewController {
  /// The page on screen.
  var current: SimViewController?
  /// False: the container forwards appearance by hand.
  let forwardsAutomatically: Bool
  /// A container that answers `supportedInterfaceOrientations` with its page's answer.
  let consultsPage: Bool
  /// Injected bug: when the container disappears it forgets to tell its page.
  var forgetsDisappearance = false
  /// Injected bug: the container tells its page it will appear, and never that it did.
  var forgetsEndOfAppearance = false

  init(address: String, className: String, mask: OrientationMask, forwardsAutomatically: Bool, consultsPage: Bool) {
    self.forwardsAutomatically = forwardsAutomatically
    self.consultsPage = consultsPage
    super.init(address: address, className: className, mask: mask)
  }

  override var shownChildren: [SimViewController] { current.map { [$0] } ?? [] }

  override var forwardsAppearance: Bool { forwardsAutomatically }

  override var consultedContent: SimViewController? { consultsPage ? current : nil }

  /// A container that forwards by hand tells its page from its own callbacks: begin in the
  /// will- callbacks, end in the did- callbacks.
  override func received(_ callback: AppearanceCallback, in app: SimApplication) {
    guard !forwardsAutomatically, let page = current else { return }
    switch callback {
    case .viewWillAppear: app.beginAppearanceTransition(page, appearing: true)
    case .viewDidAppear where !forgetsEndOfAppearance: app.endAppearanceTransition(page)
    case .viewWillDisappear where !forgetsDisappearance: app.beginAppearanceTransition(page, appearing: false)
    case .viewDidDisappear where !forgetsDisappearance: app.endAppearanceTransition(page)
    default: break
    }
  }
}
