import TraceModel

/// Phrases shared by the rules' messages.
extension ReplayStep {
  package func explain(_ decision: OrientationDecision) -> String { model.explain(decision) }
  package func role(of vc: ObjectID) -> String { model.role(of: vc) }
}

/// How the model's decisions read in messages.
extension SessionModel {
  /// Why UIKit allows what it allows: "portrait (Info.plist allButUpsideDown ∩
  /// UINavigationController 0xa1 (the root view controller) supportedInterfaceOrientations portrait)".
  package func explain(_ decision: OrientationDecision) -> String {
    var factors: [String] = []
    switch decision.appMaskSource {
    case .infoPlist(let declared):
      factors.append("Info.plist \(declared ? "" : "default ")\(decision.appMask)")
    case .windowDelegate:
      factors.append("application(_:supportedInterfaceOrientationsFor:) \(decision.appMask)")
    }
    let decider = decision.decider.map { "\(symbols.describe($0)) (\(role(of: $0)))" } ?? "the root view controller"
    switch decision.controllerMaskSource {
    case .answered: factors.append("\(decider) supportedInterfaceOrientations \(decision.controllerMask)")
    case .idiomDefault: factors.append("\(decider) default \(decision.controllerMask)")
    case .ignoredForMultitasking: factors.append("controller masks ignored: the iPad app supports multitasking")
    }
    return "\(decision.effectiveMask) (\(factors.joined(separator: " ∩ ")))"
  }

  /// "the root view controller" or "presented full screen".
  package func role(of vc: ObjectID) -> String {
    self[vc].rootOfWindow != nil ? "the root view controller" : "presented full screen"
  }
}

extension ReplayStep {
  /// Why UIKit did not rotate, in a clause.
  package func explain(_ refusal: RotationRefusal, wanted: InterfaceOrientation) -> String {
    switch refusal {
    case .notInMask(let decision):
      "the allowed orientations are \(explain(decision))"
    case .shouldAutorotateNo(let decision):
      "\(decision.decider.map(describe) ?? "the deciding controller") returns NO from shouldAutorotate"
    case .notificationsOff:
      "the app stopped device orientation notifications (endGeneratingDeviceOrientationNotifications)"
    }
  }
}

extension DeviceOrientation {
  /// "landscapeLeft (interface landscapeRight)" when the names differ.
  func describing(interface: InterfaceOrientation) -> String {
    name == interface.name ? name : "\(name) (interface \(interface.name))"
  }
}
