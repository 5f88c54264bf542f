import TraceModel

/// The device turning, UIKit's questions, and the rotation callbacks.
extension SessionScript {
  /// The device turns: to an orientation UIKit follows, or (when there is none, or now and
  /// then) flat on a table or back to where the interface already is.
  func turnDevice() {
    let reachable = screen.reachableOrientations
    let device: DeviceOrientation =
      !reachable.isEmpty && random.percent(75)
      ? random.pick(reachable).device : random.pick([.faceUp, .faceDown, screen.interface.device])
    turnDevice(to: device)
  }

  /// The device turns to `device`; UIKit asks the deciding controller (which answers
  /// `autorotates` to shouldAutorotate), then rotates, with the callbacks to the controllers on
  /// screen, or not.
  func turnDevice(to device: DeviceOrientation, autorotates: Bool = true) {
    let decider = screen.decider
    emit(.deviceOrientation) { $0.string("orientation", device.name) }
    if device.interfaceOrientation != nil {
      answerOrientation(of: decider)
      if profile.asksShouldAutorotate && !profile.supportsMultitasking
        && (!autorotates || decider.autorotates == false || random.percent(70))
      {
        decider.autorotates = autorotates
        emit(.shouldAutorotate) { line in
          line.controller("vc", decider)
          line.bool("value", autorotates)
        }
      }
    }
    if case .rotated(let from, let to) = screen.deviceTurned(to: device) {
      rotationCallbacks(decider.shownChain, from: from, to: to)
    }
  }

  /// What the controllers on screen get for a rotation: willRotate, willAnimateRotation and
  /// didRotate before iOS 8, viewWillTransitionToSize since.
  func rotationCallbacks(_ chain: [ScriptController], from: InterfaceOrientation, to: InterfaceOrientation) {
    wait(1...10)
    guard profile.usesRotationCallbacks else {
      let size = profile.screenSize
      let (width, height) = to.isLandscape ? (size.height, size.width) : (size.width, size.height)
      for controller in chain {
        emit(.viewWillTransitionToSize) { line in
          line.controller("vc", controller)
          line.integer("width", width)
          line.integer("height", height)
        }
      }
      return
    }
    for name in [EventName.willRotate, .willAnimateRotation] {
      for controller in chain {
        emit(name) { line in
          line.controller("vc", controller)
          line.string("to", to.name)
          line.decimal("duration", thousandths: 400, places: 1)
        }
      }
    }
    wait(380...420)
    for controller in chain.reversed() {
      emit(.didRotate) { line in
        line.controller("vc", controller)
        line.string("from", from.name)
      }
    }
  }
}
