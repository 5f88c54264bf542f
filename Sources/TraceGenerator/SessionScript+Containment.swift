import TraceModel

/// The app's custom container: swapping pages with `transition(from:to:)`.
extension SessionScript {
  /// Swaps the page of the pager on screen as a custom container does: willMove(nil) for the
  /// old page, addChild for the new one, the transition with its appearance callbacks
  /// (forwarded by UIKit, or by the container with begin/endAppearanceTransition), then
  /// didMove, removeFromParent and didMove(nil). `withoutWillMove` forgets the
  /// willMoveToParent(nil), which `traceq check` must report at the removal.
  func swapPage(withoutWillMove: Bool = false) {
    guard let pager = screen.top.shownPager, let old = pager.children.last else { return }
    let new = make(profile.app.page, .content)
    if !withoutWillMove { willMove(old, to: nil) }
    beginSwap(in: pager, from: old, to: new)
    forwardAppearance(disappearing: old, appearing: new)
    didMove(new, to: pager)
    if withoutWillMove { block.expect(.willMoveMissing) }
    remove(old)
    pager.children = [new]
  }

  /// `addChild` of the new page and the transition.
  func beginSwap(in pager: ScriptController, from old: ScriptController, to new: ScriptController) {
    emit(.addChild) { line in
      line.string("parent", pager.address)
      line.controller("vc", new)
    }
    if random.coin() { willMove(new, to: pager) }
    transition(in: pager, from: old, to: new)
  }

  /// `transition(from:to:duration:…)`.
  func transition(in pager: ScriptController, from old: ScriptController, to new: ScriptController) {
    emit(.transition) { line in
      line.string("parent", pager.address)
      line.string("from", old.address)
      line.string("to", new.address)
      line.decimal("duration", thousandths: 300, places: 1)
    }
  }

  /// The appearance callbacks of a swap: forwarded by UIKit, or by a container that forwards
  /// by hand with begin/endAppearanceTransition.
  func forwardAppearance(disappearing old: ScriptController, appearing new: ScriptController) {
    if random.percent(60) {
      appearance(disappearing: [old], appearing: [new], animated: true)
      return
    }
    for (controller, appearing) in [(new, true), (old, false)] {
      emit(.beginAppearanceTransition) { line in
        line.controller("vc", controller)
        line.bool("appearing", appearing)
        line.bool("animated", true)
      }
      callback(appearing ? .viewWillAppear : .viewWillDisappear, controller, animated: true)
    }
    wait(280...350)
    for (controller, appearing) in [(new, true), (old, false)] {
      emit(.endAppearanceTransition) { $0.controller("vc", controller) }
      callback(appearing ? .viewDidAppear : .viewDidDisappear, controller, animated: true)
    }
  }

  /// `removeFromParent` (which calls didMove(nil) itself, recorded too).
  func remove(_ page: ScriptController) {
    emit(.removeFromParent) { $0.controller("vc", page) }
    didMove(page, to: nil)
    screen.offScreen = page
  }

  /// `willMove(toParent:)`; nil announces a removal.
  func willMove(_ controller: ScriptController, to parent: ScriptController?) {
    emit(.willMoveToParent) { line in
      line.controller("vc", controller)
      if let parent { line.string("parent", parent.address) } else { line.null("parent") }
    }
  }

  /// `didMove(toParent:)`; nil after a removal.
  func didMove(_ controller: ScriptController, to parent: ScriptController?) {
    emit(.didMoveToParent) { line in
      line.controller("vc", controller)
      if let parent { line.string("parent", parent.address) } else { line.null("parent") }
    }
  }
}
