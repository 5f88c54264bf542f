import Foundation
import TraceModel

@testable import UIKitSimulator

/// A simulated UIKit to drive by hand in a test, with what it recorded rendered as short
/// strings ("present Picker", "viewWillAppear Form") and the verdicts it wrote.
final class Stage {
  let uikit: SimApplication
  private var names: [String: String] = [:]
  private var written: [String] = []
  private let firstLine = 2

  init(os: String = "12.0", idiom: Idiom = .phone, mask: OrientationMask? = nil, completions: Bool = false) {
    let runLoop = SimRunLoop()
    let recorder = SimRecorder(firstLine: 2, clock: runLoop, recordsCompletions: completions)
    uikit = SimApplication(
      os: OSVersion(os)!, idiom: idiom, infoPlistMask: mask ?? idiom.defaultMask, requiresFullScreen: true,
      orientation: .portrait, recorder: recorder, runLoop: runLoop, addressBase: 7)
  }

  /// A plain controller called `name` in the rendered lines.
  func controller(_ name: String, mask: OrientationMask? = nil) -> SimViewController {
    let vc = uikit.controller(name, mask: mask)
    names[vc.address] = name
    return vc
  }

  /// A navigation controller called `name` holding `stack`.
  func navigation(_ name: String, _ stack: [SimViewController], consultsTop: Bool = false) -> SimNavigationController {
    let nav = uikit.navigation(
      consultsTop ? "RotatingNavigationController" : "UINavigationController", stack: stack,
      consultsTop: consultsTop)
    names[nav.address] = name
    return nav
  }

  /// A tab bar controller called `name`.
  func tabBar(_ name: String, _ tabs: [SimViewController], consultsSelected: Bool = false) -> SimTabBarController {
    let tabBar = uikit.tabBar(tabs: tabs, consultsSelected: consultsSelected)
    names[tabBar.address] = name
    return tabBar
  }

  /// Lets UIKit finish what it animates, then returns what was recorded since the last call,
  /// without the answers to UIKit's questions unless asked.
  func settle(answers: Bool = false) -> [String] {
    uikit.runLoop.settle()
    let text = String(decoding: uikit.recorder.take(), as: UTF8.self)
    let lines = text.split(separator: "\n").map(String.init)
    written += lines
    return lines.compactMap { render($0, answers: answers) }
  }

  /// The verdicts so far, each with the line it is about: "already-presenting: present Alert Items".
  var verdicts: [String] {
    uikit.recorder.truth.map { verdict in
      let index = verdict.line - firstLine
      let line = written.indices.contains(index) ? render(written[index], answers: true) ?? "?" : "?"
      return "\(verdict.rule.rawValue): \(line)"
    }
  }

  /// "ev Name" for an event line; the record's `vc` named, with `presenter`, `nav` or `tab`.
  private func render(_ line: String, answers: Bool) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let event = object["ev"] as? String
    else { return nil }
    let questions: Set = ["supportedInterfaceOrientations", "shouldAutorotate", "preferredInterfaceOrientation"]
    if !answers, questions.contains(event) { return nil }
    var text = event
    for key in ["vc", "presenter", "nav", "tab", "container", "parent", "from", "to"] {
      if let address = object[key] as? String { text += " " + (names[address] ?? address) }
    }
    if let orientation = object["orientation"] as? String { text += " " + orientation }
    return text
  }
}
