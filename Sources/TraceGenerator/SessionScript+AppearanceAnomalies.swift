/// Appearance and containment callbacks out of order.
extension SessionScript {
  /// A container forwards an appearance callback twice: a hand-call of viewWillAppear (or
  /// viewDidAppear) on a pushed screen UIKit also forwards to, or beginAppearanceTransition
  /// twice in a custom container.
  func injectUnbalancedAppearance() {
    if let navigation = screen.top.shownNavigation, let old = navigation.children.last {
      let new = makeScreen()
      emit(.push) { line in
        line.string("nav", navigation.address)
        line.controller("vc", new)
        line.bool("animated", true)
      }
      navigation.children.append(new)
      let twiceWill = random.coin()
      callback(.viewWillDisappear, old, animated: true)
      callback(.viewWillAppear, new, animated: true)
      if twiceWill {
        block.expect(.unbalancedAppearance)
        callback(.viewWillAppear, new, animated: true)
      }
      wait(280...400)
      callback(.viewDidDisappear, old, animated: true)
      callback(.viewDidAppear, new, animated: true)
      if !twiceWill {
        wait(1...20)
        block.expect(.unbalancedAppearance)
        callback(.viewDidAppear, new, animated: true)
      }
    } else if let pager = screen.top.shownPager, let old = pager.children.last {
      let new = make(profile.app.page, .content)
      willMove(old, to: nil)
      beginSwap(in: pager, from: old, to: new)
      for (index, (controller, appearing)) in [(new, true), (new, true), (old, false)].enumerated() {
        if index == 1 { block.expect(.unbalancedAppearance) }
        emit(.beginAppearanceTransition) { line in
          line.controller("vc", controller)
          line.bool("appearing", appearing)
        }
        if index != 1 { callback(appearing ? .viewWillAppear : .viewWillDisappear, controller, animated: true) }
      }
      wait(280...350)
      for (controller, appearing) in [(new, true), (old, false)] {
        emit(.endAppearanceTransition) { $0.controller("vc", controller) }
        callback(appearing ? .viewDidAppear : .viewDidDisappear, controller, animated: true)
      }
      didMove(new, to: pager)
      remove(old)
      pager.children = [new]
    }
  }

  /// A view added by hand gets viewWillAppear and never viewDidAppear (the session's last
  /// anomaly: it is reported when the session ends).
  func injectUnfinishedAppearance() {
    let banner = make(
      random.pick(["BannerViewController", "ToastViewController", "CoachMarkViewController"]), .content)
    block.expect(.unfinishedAppearance)
    callback(.viewWillAppear, banner, animated: true)
  }

  /// A fast swipe in the custom container: the second transition starts before the first
  /// one's completion called didMoveToParent (used), or a page added and taken out again at
  /// once (removed).
  func injectDidMoveMissing() {
    guard let pager = screen.top.shownPager, let old = pager.children.last else { return }
    let middle = make(profile.app.page, .content)
    guard random.coin() else {
      emit(.addChild) { line in
        line.string("parent", pager.address)
        line.controller("vc", middle)
      }
      willMove(middle, to: nil)
      block.expect(.didMoveMissing)
      remove(middle)
      return
    }
    let last = make(profile.app.page, .content)
    willMove(old, to: nil)
    beginSwap(in: pager, from: old, to: middle)
    callback(.viewWillAppear, middle, animated: true)
    callback(.viewWillDisappear, old, animated: true)
    wait(60...150)
    willMove(middle, to: nil)
    emit(.addChild) { line in
      line.string("parent", pager.address)
      line.controller("vc", last)
    }
    block.expect(.didMoveMissing)
    transition(in: pager, from: middle, to: last)
    callback(.viewWillDisappear, middle, animated: true)
    callback(.viewWillAppear, last, animated: true)
    wait(200...300)
    callback(.viewDidDisappear, old, animated: true)
    callback(.viewDidDisappear, middle, animated: true)
    callback(.viewDidAppear, last, animated: true)
    didMove(last, to: pager)
    remove(old)
    remove(middle)
    pager.children = [last]
  }

  /// The fast swipe that crashes: a transition to a page that was never added.
  func injectTransitionWithoutCommonParent() {
    guard let pager = screen.top.shownPager, let old = pager.children.last else { return }
    willMove(old, to: nil)
    block.expect(.transitionWithoutCommonParent)
    transition(in: pager, from: old, to: make(profile.app.page, .content))
  }
}
