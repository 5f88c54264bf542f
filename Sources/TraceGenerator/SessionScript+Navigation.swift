import TraceModel

/// Moving between screens: navigation stacks, tabs, the split's detail.
extension SessionScript {
  /// Pushes a new screen on the navigation controller on screen.
  func push() {
    push(makeScreen(), answering: random.percent(15) ? freeMask() : nil, animated: random.percent(85))
  }

  /// Pushes `new`, which answers `supportedInterfaceOrientations` with `mask` if given.
  func push(_ new: ScriptController, answering mask: OrientationMask?, animated: Bool) {
    guard let navigation = screen.top.shownNavigation, let old = navigation.children.last else { return }
    emit(.push) { line in
      line.string("nav", navigation.address)
      line.controller("vc", new)
      line.bool("animated", animated)
    }
    if let mask { answer(new, mask) }
    navigation.children.append(new)
    appearance(disappearing: [old], appearing: [new], animated: animated)
  }

  /// Pops the top screen of the navigation controller on screen.
  func pop(animated: Bool? = nil) {
    guard let navigation = screen.top.shownNavigation, navigation.children.count >= 2,
      let old = navigation.children.popLast(), let new = navigation.children.last
    else { return }
    let animated = animated ?? random.percent(90)
    emit(.pop) { line in
      line.string("nav", navigation.address)
      line.controller("vc", old)
      line.bool("animated", animated)
    }
    appearance(disappearing: [old], appearing: [new], animated: animated)
    screen.offScreen = old
  }

  /// An interactive pop the user gave up half-way: the screen below
  /// starts to appear and disappears again, the top one disappears and comes back. UIKit
  /// sends no pop.
  func cancelledPop() {
    guard let navigation = screen.top.shownNavigation, navigation.children.count >= 2,
      let top = navigation.children.last
    else { return }
    let below = navigation.children[navigation.children.count - 2]
    callback(.viewWillDisappear, top, animated: true)
    callback(.viewWillAppear, below, animated: true)
    wait(120...400)
    callback(.viewWillDisappear, below, animated: true)
    callback(.viewDidDisappear, below, animated: true)
    callback(.viewWillAppear, top, animated: true)
    wait(60...200)
    callback(.viewDidAppear, top, animated: true)
  }

  /// Selects another tab of the root tab bar controller; `index` chooses it.
  func selectTab(_ index: Int? = nil) {
    let tabs = screen.root
    guard tabs.role == .tabBar, screen.isHome, tabs.children.count >= 2 else { return }
    let target = index ?? (tabs.selected + 1 + random.below(tabs.children.count - 1)) % tabs.children.count
    guard target != tabs.selected else { return }
    let old = tabs.children[tabs.selected].shownChain
    let new = tabs.children[target]
    emit(.selectTab) { line in
      line.string("tab", tabs.address)
      line.controller("vc", new)
    }
    tabs.selected = target
    appearance(disappearing: old, appearing: shownChain(of: new), animated: false)
  }

  /// The index of the first tab showing a container with `role`.
  func tab(showing role: ScriptController.Role) -> Int? {
    screen.root.children.indices.first { screen.root.children[$0].role == role }
  }

  /// Shows a new screen in the split view's detail, replacing its stack.
  func showDetail() {
    let split = screen.root
    guard split.role == .split, screen.isHome, split.children.count == 2, let old = split.children[1].children.last
    else { return }
    let detail = split.children[1]
    let new = makeScreen()
    emit(.setViewControllers) { line in
      line.string("container", detail.address)
      line.controllers("vcs", [new])
    }
    detail.children = [new]
    appearance(disappearing: [old], appearing: [new], animated: false)
    screen.offScreen = old
  }

  /// A mask for a controller that does not decide the orientation: it keeps every
  /// orientation the app allows, so that the controller never shows in one it refuses.
  func freeMask() -> OrientationMask { random.coin() ? profile.supported : .all }

  /// `controller` answers `supportedInterfaceOrientations` with `mask`.
  func answer(_ controller: ScriptController, _ mask: OrientationMask) {
    controller.mask = mask
    emit(.supportedInterfaceOrientations) { line in
      line.controller("vc", controller)
      line.mask("mask", mask, form: random.pick(EventBlock.MaskForm.allCases))
    }
  }
}
