import TraceModel

/// The rotation callbacks UIKit sends when the interface rotates.
extension SimApplication {
  /// Milliseconds a rotation animates (the `duration` UIKit passes).
  static let rotationDuration = 400

  /// Rotates the interface to `target` under `decider`, sending the controllers on screen in
  /// its tree: from iOS 8 viewWillTransitionToSize ("View controllers forward the size change
  /// message to their views and child view controllers":
  /// https://developer.apple.com/documentation/uikit/uicontentcontainer/viewwilltransition(to:with:));
  /// up to iOS 9 also willRotate and willAnimateRotation, parents first, then didRotate,
  /// children first, when the animation ends (deprecated in iOS 8, still sent on iOS 9:
  /// https://github.com/DanijelHuis/HDAugmentedReality/pull/11;
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/willrotate(to:duration:)).
  func rotateInterface(to target: InterfaceOrientation, under decider: SimViewController) {
    let from = interface
    interface = target
    let tree = screen(forwardedOnly: false, from: decider)
    if os >= OSVersion(8) {
      let size = screenSize(in: target)
      for vc in tree.pre {
        recorder.event(.viewWillTransitionToSize, vc: vc) {
          $0.number("width", size.width)
          $0.number("height", size.height)
        }
      }
    }
    guard os < OSVersion(10) else { return }
    for event in [EventName.willRotate, .willAnimateRotation] {
      for vc in tree.pre {
        recorder.event(event, vc: vc) {
          $0.name("to", target.name)
          $0.seconds("duration", thousandths: Self.rotationDuration)
        }
      }
    }
    runLoop.schedule(after: Self.rotationDuration) { [self] in
      guard !crashed else { return }
      for vc in tree.post { recorder.event(.didRotate, vc: vc) { $0.name("from", from.name) } }
    }
  }

  /// The app forwards `willRotate` by hand to `vc`, which may not be on screen.
  func forwardRotationByHand(to vc: SimViewController, orientation: InterfaceOrientation) {
    let line = recorder.event(.willRotate, vc: vc) {
      $0.name("to", orientation.name)
      $0.seconds("duration", thousandths: Self.rotationDuration)
    }
    if !screen(forwardedOnly: false).contains(vc) { recorder.expect(.rotationCallbackMismatch, at: line) }
  }

  /// Whether a rotation now has one well-known outcome: nothing animating, no popover, and no
  /// presentation but full-screen ones (how callbacks reach controllers under a sheet or an
  /// overlay while the device turns is left out of the simulation).
  var isQuietForRotation: Bool {
    guard !runLoop.isBusy, !popovers.contains(where: \.isVisible), !detached.contains(where: { $0.presented != nil }),
      let root
    else { return false }
    return root.presentedChain.allSatisfy { $0.modal?.decidesOrientation == true }
  }

  /// Points of the screen in `orientation` (an iPhone 8 and a 9.7-inch iPad).
  func screenSize(in orientation: InterfaceOrientation) -> (width: Int, height: Int) {
    let portrait = idiom == .pad ? (width: 768, height: 1024) : (width: 375, height: 667)
    return orientation.isLandscape ? (portrait.height, portrait.width) : portrait
  }
}
