/// Choosing what the user does next, among the steps that fit the screen and the events left.
extension SessionScript {
  /// A step of normal use; each keeps UIKit's rules.
  enum Step: CaseIterable {
    case push, pop, cancelledPop, selectTab, showDetail, swapPage, present, presentAlert, dismiss
    case showPopover, hidePopover, turnDevice, log, answer
  }

  /// Does one step that takes at most `room` events (at least 1: a log line always fits).
  func act(within room: Int) {
    let steps = Step.allCases
    let weights = steps.map { limit(of: $0) <= room ? weight(of: $0) : 0 }
    switch steps[random.weighted(weights)] {
    case .push: push()
    case .pop: pop()
    case .cancelledPop: cancelledPop()
    case .selectTab: selectTab()
    case .showDetail: showDetail()
    case .swapPage: swapPage()
    case .present: presentModal()
    case .presentAlert: presentAlert()
    case .dismiss: dismissModal()
    case .showPopover: showPopover()
    case .hidePopover: hidePopover()
    case .turnDevice: turnDevice()
    case .log: log()
    case .answer: answer(screen.top.shownLeaf, freeMask())
    }
    wait(300...6000)
  }

  /// How likely a step is now (0: not possible).
  private func weight(of step: Step) -> Int {
    let top = screen.top
    let popoverShown = screen.popover != nil
    let depth = top.shownNavigation?.children.count ?? 0
    let atRoot = screen.modals.isEmpty && !popoverShown
    switch step {
    case .push: return popoverShown || depth == 0 ? 0 : (depth < 6 ? 30 : 4)
    case .pop: return popoverShown || depth < 2 ? 0 : 18 + depth * 4
    case .cancelledPop: return popoverShown || depth < 2 ? 0 : 3
    case .selectTab: return atRoot && screen.root.role == .tabBar ? 10 : 0
    case .showDetail: return atRoot && screen.root.role == .split ? 8 : 0
    case .swapPage: return popoverShown || top.shownPager == nil ? 0 : 30
    case .present: return atRoot ? 5 : 0
    case .presentAlert:
      return popoverShown || screen.modals.count >= 2 || top.className == "UIAlertController" ? 0 : 3
    case .dismiss:
      guard let modal = screen.modals.last, !popoverShown else { return 0 }
      return modal.controller.className == "UIAlertController" ? 60 : 9
    case .showPopover: return atRoot && profile.usesPopoverControllers ? 3 : 0
    case .hidePopover: return popoverShown ? 40 : 0
    case .turnDevice: return 4
    case .log: return 6
    case .answer: return screen.top.shownLeaf === screen.decider ? 0 : 2
    }
  }

  /// The most events a step can take.
  private func limit(of step: Step) -> Int {
    switch step {
    case .log, .answer: 1
    case .push, .pop, .cancelledPop, .showDetail: 8
    case .showPopover, .hidePopover: 8
    case .presentAlert: 6
    case .selectTab, .swapPage: 16
    case .present, .dismiss, .turnDevice: Self.stepLimit
    }
  }
}
