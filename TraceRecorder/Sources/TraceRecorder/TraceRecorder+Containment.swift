/// Containment: children, navigation stacks, tabs, and the end of a controller's life.
extension TraceRecorder {
  /// `parent.addChild(vc)`.
  public func addChild(_ vc: AnyObject, to parent: AnyObject) {
    record(.addChild) { encoder in
      object(.parent, parent, into: &encoder)
      object(.vc, vc, into: &encoder)
    }
  }

  /// `vc.willMove(toParent:)`; `parent` nil when the controller is leaving its parent.
  public func willMoveToParent(_ vc: AnyObject, _ parent: AnyObject?) { moveToParent(.willMoveToParent, vc, parent) }

  /// `vc.didMove(toParent:)`; `parent` nil when the controller left its parent.
  public func didMoveToParent(_ vc: AnyObject, _ parent: AnyObject?) { moveToParent(.didMoveToParent, vc, parent) }

  /// `vc.removeFromParent()`.
  public func removeFromParent(_ vc: AnyObject) {
    objectEvent(.removeFromParent, .vc, vc)
  }

  /// `nav.pushViewController(vc, animated:)`.
  public func push(_ vc: AnyObject, on nav: AnyObject, animated: Bool?) {
    record(.push) { encoder in
      object(.nav, nav, into: &encoder)
      object(.vc, vc, into: &encoder)
      animatedKey(animated, into: &encoder)
    }
  }

  /// `nav.popViewController(animated:)`; `vc` the controller it returned.
  public func pop(_ vc: AnyObject?, from nav: AnyObject, animated: Bool?) {
    record(.pop) { encoder in
      object(.nav, nav, into: &encoder)
      if let vc { object(.vc, vc, into: &encoder) }
      animatedKey(animated, into: &encoder)
    }
  }

  /// A navigation stack or a tab bar's controllers replaced by `vcs`.
  public func setViewControllers(_ vcs: [AnyObject], of container: AnyObject) {
    record(.setViewControllers, stringBytes: vcs.count * 4) { encoder in
      object(.container, container, into: &encoder)
      encoder.key(.vcs)
      encoder.byte(0x5B)
      for (index, vc) in vcs.enumerated() {
        if index > 0 { encoder.byte(0x2C) }
        encoder.address(UInt(bitPattern: ObjectIdentifier(vc)))
      }
      encoder.byte(0x5D)
    }
  }

  /// The tab bar controller `tab` selected `vc`.
  public func selectTab(_ vc: AnyObject, of tab: AnyObject) {
    record(.selectTab) { encoder in
      object(.tab, tab, into: &encoder)
      object(.vc, vc, into: &encoder)
    }
  }

  /// `parent.transition(from:to:duration:…)`.
  public func transition(from: AnyObject, to: AnyObject, in parent: AnyObject, duration: Double? = nil) {
    record(.transition) { encoder in
      object(.parent, parent, into: &encoder)
      object(.from, from, into: &encoder)
      object(.to, to, into: &encoder)
      if let duration {
        encoder.key(.duration)
        encoder.number(duration)
      }
    }
  }

  /// The controller at `address` was deallocated: the address may name a new object next.
  /// Takes the address, not the object, because a `dealloc` hook must not retain it.
  public func dealloc(_ address: UnsafeRawPointer) {
    let address = UInt(bitPattern: address)
    record(.dealloc) { encoder in
      encoder.key(.vc)
      encoder.address(address)
      memory.forget(address)
    }
  }

  private func moveToParent(_ event: EventName, _ vc: AnyObject, _ parent: AnyObject?) {
    record(event) { encoder in
      object(.vc, vc, into: &encoder)
      encoder.key(.parent)
      if let parent {
        encoder.address(UInt(bitPattern: ObjectIdentifier(parent)))
      } else {
        encoder.null()
      }
    }
  }
}
