import Testing
import TraceModel

@testable import UIKitSimulator

/// The simulated UIKit presents and dismisses as Apple documents it.
@Suite("UIKitSimulator: presentation")
struct PresentationBehaviourTests {
  /// Home, a form (navigation controller) presented full screen, its child presenting a picker.
  private func formWithPicker(_ stage: Stage) -> (
    home: SimViewController, form: SimNavigationController,
    compose: SimViewController, picker: SimViewController
  ) {
    let home = stage.controller("Home")
    stage.uikit.setRoot(home)
    let compose = stage.controller("Compose")
    let form = stage.navigation("Form", [compose])
    stage.uikit.present(form, from: home, style: .fullScreen, animated: true)
    let picker = stage.controller("Picker")
    _ = stage.settle()
    stage.uikit.present(picker, from: compose, style: .fullScreen, animated: true)
    _ = stage.settle()
    return (home, form, compose, picker)
  }

  @Test("dismiss sent to a child of a presented navigation controller that presents dismisses only what it presents")
  func dismissFromChildOfPresenter() {
    let stage = Stage()
    let (_, form, compose, picker) = formWithPicker(stage)
    stage.uikit.dismiss(from: compose, animated: true)
    #expect(
      stage.settle() == [
        "dismiss Compose", "viewWillDisappear Picker", "viewWillAppear Form", "viewWillAppear Compose",
        "viewDidDisappear Picker", "viewDidAppear Compose", "viewDidAppear Form",
      ])
    #expect(form.presenter != nil && picker.presenter == nil)
    // The form is still presented: an alert from its child is accepted.
    stage.uikit.present(stage.controller("Alert"), from: compose, style: .custom, animated: true)
    #expect(stage.settle() == ["present Alert Compose", "viewWillAppear Alert", "viewDidAppear Alert"])
    #expect(stage.verdicts.isEmpty)
  }

  @Test("dismiss sent to a controller that presents nothing goes to its presenter, also through its ancestors")
  func dismissForwardedToPresenter() {
    for receiver in ["picker", "compose-of-picker-less-form"] {
      let stage = Stage()
      let (_, form, compose, picker) = formWithPicker(stage)
      if receiver == "picker" {
        stage.uikit.dismiss(from: picker, animated: false)
        #expect(stage.settle().first == "dismiss Picker")
        #expect(picker.presenter == nil && form.presenter != nil)
      } else {
        stage.uikit.dismiss(from: picker, animated: false)
        _ = stage.settle()
        stage.uikit.dismiss(from: compose, animated: false)
        #expect(
          stage.settle() == [
            "dismiss Compose", "viewWillDisappear Form", "viewWillDisappear Compose", "viewWillAppear Home",
            "viewDidDisappear Compose", "viewDidDisappear Form", "viewDidAppear Home",
          ])
        #expect(form.presenter == nil)
      }
    }
  }

  @Test("dismissing a stack from below animates the top-most only: the one in the middle gets no callbacks")
  func dismissFromBelow() {
    let stage = Stage()
    let (home, _, _, _) = formWithPicker(stage)
    stage.uikit.dismiss(from: home, animated: true)
    #expect(
      stage.settle() == [
        "dismiss Home", "viewWillDisappear Picker", "viewWillAppear Home", "viewDidDisappear Picker",
        "viewDidAppear Home",
      ])
    #expect(home.presented == nil)
  }

  @Test("a present to a controller whose ancestor presents is dropped: no callbacks, no completion")
  func alreadyPresenting() {
    let stage = Stage(completions: true)
    let list = stage.controller("List")
    let nav = stage.navigation("Nav", [list])
    stage.uikit.setRoot(nav)
    stage.uikit.present(stage.controller("First"), from: list, style: .custom, animated: true)
    _ = stage.settle()
    stage.uikit.present(stage.controller("Second"), from: list, style: .custom, animated: true)
    #expect(stage.settle() == ["present Second List"])
    #expect(stage.verdicts == ["already-presenting: present Second List"])
  }

  @Test("a second present or dismiss while one animates is refused")
  func duringTransition() {
    let stage = Stage()
    let home = stage.controller("Home")
    stage.uikit.setRoot(home)
    _ = stage.settle()
    let sheet = stage.controller("Sheet")
    stage.uikit.present(sheet, from: home, style: .fullScreen, animated: true)
    stage.uikit.runLoop.advance(by: 50)
    stage.uikit.dismiss(from: sheet, animated: true)
    _ = stage.settle()
    stage.uikit.dismiss(from: sheet, animated: true)
    stage.uikit.runLoop.advance(by: 50)
    stage.uikit.present(stage.controller("Other"), from: home, style: .fullScreen, animated: true)
    _ = stage.settle()
    #expect(
      stage.verdicts == [
        "dismiss-during-transition: dismiss Sheet", "present-during-transition: present Other Home",
      ])
  }

  @Test(
    "the presenter gets disappearance callbacks only when its views leave the window",
    arguments: [
      (PresentationStyle?.none, "12.0", Idiom.phone, true), (.none, "13.0", .phone, false),
      (.formSheet, "12.0", .phone, true), (.formSheet, "12.0", .pad, false), (.pageSheet, "17.0", .pad, false),
      (.fullScreen, "17.0", .phone, true), (.overFullScreen, "12.0", .phone, false), (.custom, "9.0", .phone, false),
      (.popover, "12.0", .pad, false), (.popover, "12.0", .phone, true), (.currentContext, "12.0", .pad, true),
    ])
  func presenterCallbacks(_ style: PresentationStyle?, _ os: String, _ idiom: Idiom, _ removes: Bool) {
    let stage = Stage(os: os, idiom: idiom)
    let home = stage.controller("Home")
    home.definesPresentationContext = true
    stage.uikit.setRoot(home)
    _ = stage.settle()
    stage.uikit.present(stage.controller("Shown"), from: home, style: style, animated: true)
    #expect(stage.settle().contains("viewWillDisappear Home") == removes)
  }

  @Test("current context: the pane that defines it presents over itself, and is presenting for its children")
  func currentContext() {
    let stage = Stage(os: "8.1", idiom: .pad)
    let master = stage.navigation("Master", [stage.controller("Mailboxes")])
    let message = stage.controller("Message")
    let detail = stage.navigation("Detail", [message])
    detail.definesPresentationContext = true
    let split = SimSplitViewController(
      address: stage.uikit.newAddress(), className: "UISplitViewController", mask: .all)
    stage.uikit.embed([master, detail], in: split)
    stage.uikit.setRoot(split)
    _ = stage.settle()
    let details = stage.navigation("Details", [stage.controller("Info")])
    stage.uikit.present(details, from: message, style: .currentContext, animated: true)
    #expect(
      stage.settle(answers: true) == [
        "setViewControllers Details", "present Details Message", "definesPresentationContext Message",
        "definesPresentationContext Detail", "viewWillDisappear Detail", "viewWillDisappear Message",
        "viewWillAppear Details", "viewWillAppear Info", "viewDidDisappear Message", "viewDidDisappear Detail",
        "viewDidAppear Info", "viewDidAppear Details",
      ])
    #expect(details.presenter === detail && stage.uikit.topPresented === details)
    stage.uikit.present(stage.controller("Alert"), from: message, style: .currentContext, animated: true)
    _ = stage.settle()
    #expect(stage.verdicts == ["already-presenting: present Alert Message"])
  }

  @Test("iOS 13 sheets swiped away end with their disappearance and no dismiss; a swipe let go early puts them back")
  func sheetSwipedAway() {
    let stage = Stage(os: "13.0")
    let home = stage.controller("Home")
    stage.uikit.setRoot(home)
    let sheet = stage.controller("Sheet")
    stage.uikit.present(sheet, from: home, style: nil, animated: true)
    _ = stage.settle()
    stage.uikit.userDismissesTopPresentation(cancelled: true)
    #expect(stage.settle() == ["viewWillDisappear Sheet", "viewWillAppear Sheet", "viewDidAppear Sheet"])
    stage.uikit.userDismissesTopPresentation(cancelled: false)
    #expect(stage.settle() == ["viewWillDisappear Sheet", "viewDidDisappear Sheet"])
    #expect(home.presented == nil && stage.verdicts.isEmpty)
  }
}
