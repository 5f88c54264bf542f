import TraceModel

/// Orientation decisions that go wrong.
extension SessionScript {
  /// The device turns to an orientation UIKit refuses: outside the allowed mask, while the
  /// deciding controller says NO to shouldAutorotate, or after the app stopped device
  /// orientation notifications. (Rotation callbacks after it would show UIKit rotated after
  /// all: the replay takes them as evidence, so a refused rotation has none.)
  func injectRejectedOrientation() {
    let refused = screen.refusedOrientations
    let reachable = screen.reachableOrientations
    let wanted: InterfaceOrientation
    var switchedOff = false
    if !refused.isEmpty && random.percent(60) {
      wanted = random.pick(refused)
      block.expect(.rejectedOrientation)
      turnDevice(to: wanted.device)
    } else if profile.asksShouldAutorotate && !profile.supportsMultitasking && !reachable.isEmpty && random.coin() {
      wanted = random.pick(reachable)
      block.expect(.rejectedOrientation)
      turnDevice(to: wanted.device, autorotates: false)
    } else {
      wanted = random.pick(InterfaceOrientation.allCases.filter { $0 != screen.interface })
      emit(.deviceNotifications) { $0.bool("on", false) }
      screen.notificationsOn = false
      switchedOff = true
      block.expect(.rejectedOrientation)
      turnDevice(to: wanted.device)
    }
    if switchedOff {
      wait(500...3000)
      emit(.deviceNotifications) { $0.bool("on", true) }
      screen.notificationsOn = true
    }
  }

  /// Rotation callbacks UIKit would not send: to a controller no longer on screen. Without an
  /// orientation to rotate to, a refused rotation instead.
  func injectRotationCallbackMismatch() {
    guard !screen.reachableOrientations.isEmpty else { return injectRejectedOrientation() }
    let stray = controllerOffScreen()
    wait(500...3000)
    let target = random.pick(screen.reachableOrientations)
    turnDevice(to: target.device)
    block.expect(.rotationCallbackMismatch)
    emit(.willRotate) { line in
      line.controller("vc", stray)
      line.string("to", target.name)
      line.decimal("duration", thousandths: 400, places: 1)
    }
  }

  /// A controller presented full screen whose orientations have none in common with the
  /// app's (an exception).
  func injectNoCommonOrientation() {
    let content = make(
      random.pick(["UIImagePickerController", "VideoPlayerViewController", "DocumentScannerViewController"]), .content)
    content.mask = OrientationMask.all.subtracting(profile.supported)
    presentFullScreen(content, expecting: .noCommonOrientation)
  }

  /// A controller presented full screen that prefers an orientation it does not support (an
  /// exception).
  func injectPreferredOrientationUnsupported() {
    let content = make(random.pick(profile.app.modals), .content)
    let supported = random.pick(profile.supported.orientations)
    content.mask = supported.mask
    content.preferred = random.pick(InterfaceOrientation.allCases.filter { $0 != supported })
    presentFullScreen(content, expecting: .preferredOrientationUnsupported)
  }

  /// The present and its answers; the session ends with UIKit's exception.
  private func presentFullScreen(_ content: ScriptController, expecting kind: AnomalyKind) {
    let source = screen.top.shownLeaf
    block.expect(kind)
    emit(.present) { line in
      line.string("presenter", source.address)
      line.controller("vc", content)
      line.string("style", "fullScreen")
      line.bool("animated", true)
    }
    answerPresentation(of: content)
  }

  /// A portrait-only screen, a screen that rotates pushed over it, the device turned,
  /// and a pop back to the portrait-only screen, which stays in landscape. The device then
  /// turns back and the screen is popped.
  func injectUnsupportedOrientationShown() {
    let original = screen.interface
    guard
      let target = screen.reachableOrientations.first(where: { $0.isLandscape != original.isLandscape })
        ?? screen.reachableOrientations.first
    else { return }
    push(makeScreen(), answering: original.mask, animated: true)
    wait(800...3000)
    push(makeScreen(), answering: freeMask(), animated: true)
    wait(800...3000)
    turnDevice(to: target.device)
    wait(800...3000)
    block.expect(.unsupportedOrientationShown)
    pop(animated: true)
    wait(800...3000)
    turnDevice(to: original.device)
    wait(800...3000)
    pop(animated: true)
  }
}
