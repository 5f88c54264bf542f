import UIKit

enum Screens {
  /// Pages through the levels.
  class PageViewController: UIPageViewController {
    private let titles = """
      class NotAClass {
      """
  }

  final class ContainerViewController: UIViewController {}
}

extension Screens {
  open class GameMenuViewController: UIViewController {}
}

class RootViewController: UINavigationController {}

class RotatingNavigationController: UINavigationController {
  override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
}

final class VideoViewController: UIViewController {}
