import TraceModel

/// Where a view controller is in its appearance cycle (UIKit keeps the same two bits,
/// `_viewControllerFlags.appearState`): A1.
package enum AppearState: String, Sendable {
  case disappeared, appearing, appeared, disappearing

  /// The state a callback leads to.
  package init(after callback: AppearanceCallback) {
    switch callback {
    case .viewWillAppear: self = .appearing
    case .viewDidAppear: self = .appeared
    case .viewWillDisappear: self = .disappearing
    case .viewDidDisappear: self = .disappeared
    }
  }

  /// The state a controller must have been in for its first recorded callback to be legal:
  /// a controller seen for the first time takes the state its first callback implies (a view
  /// inserted by hand gets no callbacks, so its first one may be viewWillDisappear).
  package init(before callback: AppearanceCallback) {
    switch callback {
    case .viewWillAppear: self = .disappeared
    case .viewDidAppear: self = .appearing
    case .viewWillDisappear: self = .appeared
    case .viewDidDisappear: self = .disappearing
    }
  }

  /// Whether `callback` may follow this state. Will-appear from
  /// disappearing and will-disappear from appearing are the cancelled transitions of A3.
  package func allows(_ callback: AppearanceCallback) -> Bool {
    switch (self, callback) {
    case (.disappeared, .viewWillAppear), (.disappearing, .viewWillAppear): true
    case (.appearing, .viewDidAppear): true
    case (.appeared, .viewWillDisappear), (.appearing, .viewWillDisappear): true
    case (.disappearing, .viewDidDisappear): true
    default: false
    }
  }

  /// On screen, or on its way.
  package var isVisible: Bool { self == .appearing || self == .appeared }

  /// In the middle of a transition.
  package var isTransitioning: Bool { self == .appearing || self == .disappearing }
}
