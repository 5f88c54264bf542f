import UIKit

@MainActor
@objc(MainViewController)
public class MainScreen: UIViewController {
  func showFlipside() {
    present(FlipsideViewController.make(), animated: true)
  }
}
