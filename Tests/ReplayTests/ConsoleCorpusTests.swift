import Replay
import Testing

/// Console output as people posted it in public issue threads (each with its address), in the
/// shapes it had there: quote markers, backticks, prefixes, lost angle brackets, wrapped lines.
/// Every excerpt must be classified as the rule given (nil: no UIKit diagnostic).
struct CorpusExcerpt: Sendable, CustomTestStringConvertible {
  let url: String
  let text: String
  let rule: String?

  var testDescription: String { url }
}

let consoleCorpus: [CorpusExcerpt] = [
  CorpusExcerpt(
    url: "https://github.com/nytimes/NYTPhotoViewer/pull/303",
    text: "Unbalanced calls to begin/end appearance transitions for <NYTPhotosViewController>.",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/venmo/VENTouchLock/issues/9",
    text: "Unbalanced calls to begin/end appearance transitions for NavViewController: 0x12d50b240.",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/Tencent/QMUI_iOS/issues/1089",
    text:
      "window方式拉起页面的方式，在Xcode控制台会提示Unbalanced calls to begin/end appearance transitions for <QMUIModalPresentationViewController: 0x7f8927808200>",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/griddynamics-archive/MMDrawerController/issues/196",
    text:
      "\"Unbalanced calls to begin/end appearance transitions for <UINavigationViewController: 0xbd73670>.\"",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/yohannes/Thoughtless/issues/8",
    text:
      "Console warning: Unbalanced calls to begin/end appearance transitions for <UINavigationController: 0x126030000>.",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/BobDG/BDGShare/issues/4",
    text:
      "Warning: Attempt to present <UIActivityViewController: 0x7a64f430> on <UINavigationController: 0x7a71b220> whose view is not in the window hierarchy!",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/michaelhenry/ImageViewer.swift/issues/135",
    text:
      "`Attempt to present <ImageViewer_swift.ImageCarouselViewController: 0x10c047800> on <BaseNavigationViewController: 0x10c816400> (from <BaseNavigationViewController: 0x10c816400>) whose view is not in the window hierarchy.`",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/eRGoon/RGPageViewController/issues/6",
    text:
      "> Attempt to present <UIAlertController: 0x7fb321cdba20> on <_UIAlertShimPresentingViewController: 0x7fb321c68390> whose view is not in the window hierarchy!",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/jguertl/SharePlugin/issues/38",
    text:
      "Warning: Attempt to present <UIActivityViewController: 0xXXXXXXXX on <Xamarin_Forms_Platform_iOS_ModalWrapper: 0xXXXXXXXX> whose view is not in the window hierarchy!",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/Redth/ZXing.Net.Mobile/issues/138",
    text:
      "AppNameiOS[1212:254550] Warning: Attempt to present <ZXing_Mobile_AVCaptureScannerViewController: 0x17f48b90> on <Xamarin_Forms_Platform_iOS_PlatformRenderer: 0x17966420> whose view is not in the window hierarchy!",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/zhouteng0217/ShareExtend/pull/67",
    text:
      "Log message: Attempt to present <UIActivityViewController> on <ViewController> whose view is not in the window hierarchy",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/aheze/Popovers/issues/11",
    text:
      "> 2022-01-05 09:37:44.755224-0800 PopoversPlaygroundsApp[83666:1047669] [Presentation] Attempt to present <_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_: 0x129811c00> on <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__: 0x127e0e060> (from <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVVS_22_VariadicView_Children7ElementVS_24NavigationColumnModifier__: 0x127e09d90>) which is already presenting <Popovers.PopoverContainerViewController: 0x12c70a5d0>.",
    rule: "already-presenting"),
  CorpusExcerpt(
    url: "https://github.com/joogps/SlideOverCard/issues/6",
    text:
      "2021-06-02 14:54:58.677044+0300 CardTest[53318:3531446] [Presentation] Attempt to present <_TtGC7SwiftUI19UIHostingControllerGV13SlideOverCard13SlideOverCardGVS_6ZStackVS_4Text___: 0x7faab5d29920> on <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__: 0x7faab5f05810> (from <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__: 0x7faab5f05810>) which is already presenting <_TtGC7SwiftUI29PresentationHostingControllerVS_7AnyView_: 0x7faab5d12080>.",
    rule: "already-presenting"),
  CorpusExcerpt(
    url: "https://github.com/ThornTechPublic/InteractiveModal/issues/8",
    text:
      "Warning: Attempt to present <InteractiveModal.ModalViewController: 0x7feffaf0c390>  on <InteractiveModal.ViewController: 0x7feffaf0a070> which is already presenting <InteractiveModal.ModalViewController: 0x7feffae0d4b0>",
    rule: "already-presenting"),
  CorpusExcerpt(
    url: "https://github.com/uservoice/uservoice-ios-sdk/pull/347",
    text:
      "Avoid \"Warning: Attempt to present <UINavigationController: XXX>  on <UVArticleViewController: XXX> which is already presenting (null)\".",
    rule: "already-presenting"),
  CorpusExcerpt(
    url: "https://github.com/adaptyteam/AdaptySDK-iOS/pull/116",
    text: """
      ```
      Attempt to present <AdaptyUI.AdaptyPaywallController: 0x152e89e00> on <UIViewController: 0x102b00400> (from <UIViewController: 0x102b00400>) which is already presenting
      ```
      """,
    rule: "already-presenting"),
  CorpusExcerpt(
    url: "https://github.com/zetachang/DCModalSegue/issues/10",
    text:
      "  Attempt to present <StatusViewController: 0x7fa744534b90> on <DrawerViewController: 0x7fa7416283e0> while a presentation is in progress!",
    rule: "present-during-transition"),
  CorpusExcerpt(
    url: "https://github.com/Expensify/react-native-share-menu/issues/101",
    text:
      "`Exception void * \"Application tried to present modally a view controller <UIViewController: 0x7f87b7d7bd10> that is already being presented by <UIViewController: 0x7f87b7c0cba0>.\"\t0x000060000378cd80`",
    rule: "present-active-controller"),
  CorpusExcerpt(
    url: "https://github.com/stripe-archive/firebase-mobile-payments/issues/7",
    text:
      "`Application tried to present modally a view controller <Stripe.BottomSheetViewController: 0x15df81de0> that is already being presented by <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__: 0x15ec0bac0>`",
    rule: "present-active-controller"),
  CorpusExcerpt(
    url: "https://github.com/danielsaidi/Sheeeeeeeeet/issues/140",
    text: """
      *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Application tried to present modally an active controller <Summoner_Rift.HomeTabBarViewController: 0x7fa7ec801400>.'
      *** First throw call stack:
      (
      \t0   CoreFoundation                      0x000000011645a6fb __exceptionPreprocess + 331
      """,
    rule: "present-active-controller"),
  CorpusExcerpt(
    url: "https://github.com/aritchie/userdialogs/issues/66",
    text:
      "     Warning: Attempt to present <UIAlertController: 0x1a11f350> on <Xamarin_Forms_Platform_iOS_ModalWrapper: 0x196c7fc0> whose view is not in the window hierarchy!",
    rule: "not-in-window-hierarchy"),
  CorpusExcerpt(
    url: "https://github.com/capacitor-community/privacy-screen/issues/56",
    text: """
      Fatal Exception: NSInvalidArgumentException
      0  CoreFoundation                     0xa248 __exceptionPreprocess
      2  UIKitCore                          0x327fc0 -[UIViewController _presentViewController:withAnimationController:completion:]
      """,
    rule: nil),
  CorpusExcerpt(
    url: "https://github.com/jonkykong/SideMenu/issues/321",
    text: "i got \"Unbalanced calls to begin/end appearance transitions for\" in xcode logger",
    rule: "unbalanced-appearance"),
  CorpusExcerpt(
    url: "https://github.com/John-Lluch/SWRevealViewController/issues/344",
    text: """
      ```
      Presenting view controllers on detached view controllers is discouraged <SideMenuViewController: 0x14fbc6f0>
      ```
      """,
    rule: "present-from-detached"),
  CorpusExcerpt(
    url: "https://github.com/pwn20wndstuff/Undecimus/issues/834",
    text: """
      [*] unc0ver Version: 2.2.6
      [*] STATUS: Re-Jailbreak
      Presenting view controllers on detached view controllers is discouraged <JailbreakViewController: 0x100a3a5c0>.
      """,
    rule: "present-from-detached"),
  CorpusExcerpt(
    url: "https://github.com/dekatotoro/SlideMenuControllerSwift/issues/265",
    text:
      "> Presenting view controllers on detached view controllers is discouraged <SlideMenuControllerSwift.ExSlideMenuController: 0x100c160c0>. ",
    rule: "present-from-detached"),
  CorpusExcerpt(
    url: "https://github.com/GabrielAlva/SwiftPages/issues/18",
    text: "Presenting view controllers on detached view controllers is discouraged",
    rule: "present-from-detached"),
  CorpusExcerpt(
    url: "https://github.com/zoonooz/ZFDragableModalTransition/issues/3",
    text: """
      Warning: Attempt to dismiss from view controller <UINavigationController: 
      0x144510fa0> while a presentation or dismiss is in progress!
      """,
    rule: "dismiss-during-transition"),
  CorpusExcerpt(
    url: "https://github.com/jonkykong/SideMenu/issues/323",
    text:
      "Example[1228:1048254] Warning: Attempt to dismiss from view controller <UINavigationController: 0x102013c00> while a presentation or dismiss is in progress!",
    rule: "dismiss-during-transition"),
  CorpusExcerpt(
    url: "https://github.com/nathantannar4/Transmission/issues/103",
    text:
      "Trying to dismiss the presentation controller while transitioning already. (<Transmission.DelegatedPresentationController: 0x117a44180>)",
    rule: "dismiss-during-transition"),
  CorpusExcerpt(
    url: "https://github.com/nathantannar4/Transmission/issues/103",
    text:
      "Attempt to present <_TtGC12Transmission29PresentationHostingControllerGV7SwiftUI15ModifiedContentV5yeezy18ProductDetailsViewVS_25PresentationBridgeAdapter__: 0x117a61900> on <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__: 0x103816b60> (from <_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentGS1_VVS_22_VariadicView_Children7ElementVS_24NavigationColumnModifier_GVS_18StyleContextWriterVS_19SidebarStyleContext___: 0x1053a0a00>) while a presentation is in progress.",
    rule: "present-during-transition"),
  CorpusExcerpt(
    url: "https://github.com/jamonholmgren/ProMotion/issues/473",
    text: """
      ``` ruby
      Warning: Attempt to dismiss from view controller <SomeViewController: 0x13f899d0> while a presentation or dismiss is in progress!
      ```
      """,
    rule: "dismiss-during-transition"),
]

@Suite("Console corpus: excerpts people posted")
struct ConsoleCorpusTests {
  @Test("each excerpt is classified as the rule it shows", arguments: consoleCorpus)
  func classified(_ excerpt: CorpusExcerpt) {
    #expect(ConsoleCatalog.recognise(excerpt.text)?.entry.id == excerpt.rule, "\(excerpt.text)")
  }

  @Test("each excerpt that holds a diagnostic has an anchor on its first line that holds one", arguments: consoleCorpus)
  func anchored(_ excerpt: CorpusExcerpt) {
    guard excerpt.rule != nil else { return }
    var text = excerpt.text
    let found = text.withUTF8 { ConsoleCatalog.filter.firstAnchor(in: UnsafeRawBufferPointer($0)) }
    #expect(found != nil)
  }
}
