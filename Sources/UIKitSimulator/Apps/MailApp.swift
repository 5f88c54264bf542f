import TraceModel

/// A mail client: on iPad a split view (mailboxes and messages on the left, the message on the
/// right), on iPhone one navigation stack. Compose is a navigation controller presented as a
/// sheet (a form sheet on iPad); in it an attachment picker, alerts over alerts ("Discard
/// draft?", then an error), and the sheet swiped away on iOS 13+.
final class MailApp: ScriptedApp {
  private var master: SimNavigationController!
  /// The iPad's detail pane (a navigation controller showing the open message).
  private var detail: SimNavigationController?

  override func launch() {
    master = uikit.navigation(stack: [uikit.controller("MailboxesViewController")])
    guard uikit.idiom == .pad else { return uikit.setRoot(master) }
    let detail = uikit.navigation(stack: [uikit.controller("MessageViewController")])
    // The message pane shows a message's details over itself, not over the mailboxes.
    detail.definesPresentationContext = true
    self.detail = detail
    let split = SimSplitViewController(address: uikit.newAddress(), className: "UISplitViewController", mask: .all)
    uikit.embed([master, detail], in: split)
    uikit.setRoot(split)
  }

  override func step() {
    guard let front else { return }
    if let top = uikit.topPresented { return stepInPresentation(top, front: front) }
    let action = random.weighted([
      ("mailbox", 20), ("message", 25), ("back", 20), ("compose", 15), ("move", 8), ("details", 5), ("turn", 7),
    ])
    switch action {
    case "mailbox" where master.top?.className == "MailboxesViewController":
      uikit.push(uikit.controller("MessageListViewController"), on: master, animated: true)
    case "message" where master.top?.className == "MessageListViewController":
      openMessage()
    case "back" where master.stack.count > 1:
      goBack(master)
    case "compose":
      compose(from: front)
    case "details" where detail != nil && front.className == "MessageViewController":
      let details = uikit.navigation(stack: [uikit.controller("MessageDetailsViewController")])
      uikit.present(details, from: front, style: .currentContext, animated: true)
    case "move" where front.className == "MessageViewController":
      let folders = uikit.navigation(stack: [uikit.controller("FolderPickerViewController")])
      uikit.present(folders, from: front, style: uikit.idiom == .pad ? .formSheet : nil, animated: true)
    default:
      turnDevice()
    }
  }

  /// A message: shown in the detail pane on iPad (its stack replaced), pushed on iPhone.
  private func openMessage() {
    let message = uikit.controller("MessageViewController")
    if let detail {
      uikit.setStack([message], of: detail, animated: false)
    } else {
      uikit.push(message, on: master, animated: true)
    }
  }

  /// A new message or a reply: the compose navigation controller.
  private func compose(from source: SimViewController) {
    let compose = uikit.navigation(stack: [uikit.controller("ComposeViewController")])
    let style: PresentationStyle? =
      uikit.idiom == .pad ? random.pick([.formSheet, .pageSheet]) : random.pick([nil, nil, .fullScreen])
    uikit.present(compose, from: source, style: style, animated: true, completion: random.chance(30))
  }

  /// While something is presented: in compose, attach, ask, send or swipe it away; alerts are
  /// answered; a folder picked closes the folder list.
  private func stepInPresentation(_ top: SimViewController, front: SimViewController) {
    switch top.className {
    case "UIAlertController":
      // An alert over an alert: the error is presented from the top-most presented
      // controller, the visible alert (https://developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller).
      if top.presenter?.className != "UIAlertController", random.chance(15) { return presentAlert(from: top) }
      closeTop(top)
    case "UINavigationController" where front.className == "ComposeViewController":
      switch random.weighted([("attach", 30), ("ask", 15), ("send", 45), ("turn", 10)]) {
      case "attach": uikit.present(imagePicker(), from: front, style: pickerStyle, animated: true)
      case "ask" where uikit.os >= OSVersion(8): presentAlert(from: front)
      case "send": closeTop(top)
      default: turnDevice()
      }
    default:
      if random.chance(15), closeAll() { return }
      closeTop(top)
    }
  }

  private var pickerStyle: PresentationStyle? {
    uikit.idiom == .pad && uikit.os >= OSVersion(8) ? random.pick([.popover, .formSheet]) : nil
  }
}
