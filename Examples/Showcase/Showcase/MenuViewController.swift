import SwiftUI
import UIKit

/// One button per presentation; each shows a screen that closes itself.
final class MenuViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Showcase"
    view.backgroundColor = .systemBackground
    let buttons: [(String, Selector)] = [
      ("popover", #selector(showPopover(_:))),
      ("sheet", #selector(showSheet)),
      ("swiftui-push", #selector(pushSwiftUI)),
      ("swiftui-sheet", #selector(presentSwiftUI)),
    ]
    let stack = UIStackView(
      arrangedSubviews: buttons.map { name, action in
        let button = UIButton(type: .system)
        button.setTitle(name, for: .normal)
        button.accessibilityIdentifier = name
        button.addTarget(self, action: action, for: .touchUpInside)
        return button
      })
    stack.axis = .vertical
    stack.spacing = 16
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    NSLayoutConstraint.activate([
      stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
    ])
  }

  /// `modalPresentationStyle = .popover`: UIPopoverPresentationController, which adapts to a
  /// sheet on an iPhone where UIPopoverController threw.
  @objc private func showPopover(_ sender: UIButton) {
    let content = ClosingViewController(name: "popover-content")
    content.modalPresentationStyle = .popover
    content.preferredContentSize = CGSize(width: 320, height: 200)
    content.popoverPresentationController?.sourceView = sender
    content.popoverPresentationController?.sourceRect = sender.bounds
    present(content, animated: true)
  }

  /// A page sheet with iOS 15's detents.
  @objc private func showSheet() {
    let content = ClosingViewController(name: "sheet-content")
    content.modalPresentationStyle = .pageSheet
    content.sheetPresentationController?.detents = [.medium(), .large()]
    present(content, animated: true)
  }

  @objc private func pushSwiftUI() {
    navigationController?.pushViewController(UIHostingController(rootView: NoteView()), animated: true)
  }

  @objc private func presentSwiftUI() {
    let hosting = UIHostingController(rootView: NoteView())
    hosting.modalPresentationStyle = .formSheet
    present(hosting, animated: true)
  }
}

/// A screen with a "close" button that dismisses it.
final class ClosingViewController: UIViewController {
  private let name: String

  init(name: String) {
    self.name = name
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("made in code") }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .secondarySystemBackground
    view.accessibilityIdentifier = name
    let close = UIButton(type: .system, primaryAction: UIAction(title: "close") { [weak self] _ in
      self?.dismiss(animated: true)
    })
    close.accessibilityIdentifier = "close"
    close.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(close)
    NSLayoutConstraint.activate([
      close.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      close.centerYAnchor.constraint(equalTo: view.centerYAnchor),
    ])
  }
}

/// A SwiftUI screen: in a trace its controller is `UIHostingController<NoteView>`.
struct NoteView: View {
  @Environment(\.presentationMode) private var presentation

  var body: some View {
    VStack(spacing: 16) {
      Text("A SwiftUI screen")
      Button("close") { presentation.wrappedValue.dismiss() }
        .accessibilityIdentifier("close")
    }
  }
}
