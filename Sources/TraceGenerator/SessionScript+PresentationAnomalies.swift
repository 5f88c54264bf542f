/// Presentations UIKit refuses, and popovers misused.
extension SessionScript {
  /// A second present while the first one's presented controller is still up.
  func injectAlreadyPresenting() {
    let source = screen.top.shownLeaf
    end(begin(presenting: make("UIAlertController", .content), style: .custom, animated: true))
    wait(500...3000)
    block.expect(.alreadyPresenting)
    refusedPresent(from: source)
    wait(500...3000)
    dismissModal()
  }

  /// A present from a controller that was popped, dismissed or removed.
  func injectNotInWindowHierarchy() {
    let stray = controllerOffScreen()
    wait(200...2000)
    block.expect(.notInWindowHierarchy)
    refusedPresent(from: stray)
  }

  /// A present of a controller that is already in the hierarchy (an exception).
  func injectPresentActiveController() {
    let source = screen.top.shownLeaf
    let active = random.pick(screen.shownChain)
    block.expect(.presentActiveController)
    emit(.present) { line in
      line.string("presenter", source.address)
      line.controller("vc", active)
      line.bool("animated", true)
    }
  }

  /// A second present while an animated presentation runs.
  func injectPresentDuringTransition() {
    let source = screen.top.shownLeaf
    let content = make(random.pick(profile.app.modals), .content)
    let pending = begin(presenting: content, style: random.pick(requestableStyles), animated: true)
    wait(10...60)
    block.expect(.presentDuringTransition)
    refusedPresent(from: source)
    end(pending)
    wait(800...4000)
    dismissModal()
  }

  /// A dismiss while the presentation (or the dismissal) still animates: a double tap.
  func injectDismissDuringTransition() {
    let content = make(random.pick(profile.app.modals), .content)
    let presentation = begin(presenting: content, style: random.pick(requestableStyles), animated: true)
    var dismissal: PendingDismissal?
    if random.coin() {
      end(presentation)
      wait(500...3000)
      dismissal = beginDismissal(animated: true)
    }
    wait(20...150)
    block.expect(.dismissDuringTransition)
    emit(.dismiss) { line in
      line.controller("vc", content)
      line.bool("animated", true)
    }
    if let dismissal {
      end(dismissal)
    } else {
      end(presentation)
      wait(500...3000)
      dismissModal()
    }
  }

  /// A controller whose view was added by hand (no addChild) presents.
  func injectPresentFromDetached() {
    let detached = make(random.pick(["OverlayViewController", "MainViewController", "HUDViewController"]), .content)
    appearance(disappearing: [], appearing: [detached], animated: false)
    wait(300...3000)
    let content = make(random.pick(profile.app.modals), .content)
    block.expect(.presentFromDetached)
    emit(.present) { line in
      line.string("presenter", detached.address)
      line.controller("vc", content)
      line.string("style", "custom")
      line.bool("animated", false)
    }
    appearance(disappearing: [], appearing: [content], animated: false)
    wait(1000...5000)
    emit(.dismiss) { line in
      line.controller("vc", content)
      line.bool("animated", false)
    }
    appearance(disappearing: [content], appearing: [], animated: false)
    wait(300...3000)
    appearance(disappearing: [detached], appearing: [], animated: false)
  }

  /// A present UIKit drops: a new controller from `source`.
  private func refusedPresent(from source: ScriptController) {
    emit(.present) { line in
      line.string("presenter", source.address)
      line.controller("vc", make(random.pick(profile.app.modals), .content))
      line.bool("animated", true)
    }
  }

  // MARK: - Popovers

  /// A second popover while one is visible, or the same one presented again; both dismissed
  /// and released afterwards.
  func injectDoublePresentedPopover() {
    let content = make("UIImagePickerController", .content)
    let first = showPopover(content)
    wait(400...1500)
    var shown = [(first, content)]
    if random.coin() {
      block.expect(.doublePresentedPopover)
      emit(.popoverPresent) { $0.string("popover", first) }
    } else {
      let other = make("UIImagePickerController", .content)
      shown.insert((showPopover(other, expecting: .doublePresentedPopover), other), at: 0)
    }
    wait(1000...4000)
    for (popover, content) in shown {
      emit(.popoverDismiss) { line in
        line.string("popover", popover)
        line.bool("animated", true)
      }
      appearance(disappearing: [content], appearing: [], animated: true)
      emit(.popoverRelease) { $0.string("popover", popover) }
    }
  }

  /// A visible popover's controller freed (a crash); as in Homepwner, often after a second
  /// popover replaced it in the property.
  func injectPopoverReleasedWhileVisible() {
    let first = showPopover(make("UIImagePickerController", .content))
    wait(400...1500)
    if random.coin() {
      let second = addresses.make(random: &random)
      createAndPresentPopover(
        second, content: make("UIImagePickerController", .content), expecting: .doublePresentedPopover)
    }
    block.expect(.popoverReleasedWhileVisible)
    emit(.popoverRelease) { $0.string("popover", first) }
  }

  /// A `UIPopoverController` created on an iPhone (an exception).
  func injectPopoverOnPhone() {
    let popover = addresses.make(random: &random)
    block.expect(.popoverOnPhone)
    createAndPresentPopover(popover, content: make("UIImagePickerController", .content))
  }
}
