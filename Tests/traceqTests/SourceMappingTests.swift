import Foundation
import TestSupport
import Testing

@testable import traceq

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `--source-root`: findings reported at the declaration of their class in the app's sources.
@Suite("Findings mapped to the app's sources")
struct SourceMappingTests {
  /// A small app: Objective-C and Swift controllers, nested, `@objc`-renamed, in comments and strings.
  static let app = DocumentationTests.root.appendingPathComponent("Tests/Fixtures/SampleApp").path

  @Test("class declarations of Swift and Objective-C files, with their lines")
  func index() throws {
    let index = try SourceIndex.build(root: Self.app)
    #expect(index.files == 7)
    func at(_ name: String) -> String? {
      index.declaration(of: name).map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line)" }
    }
    #expect(at("BNRItemsViewController") == "BNRItemsViewController.m:8", "@implementation over @interface")
    #expect(at("BNRDetailViewController") == "BNRDetailViewController.m:9", "not the commented-out line 7")
    #expect(at("FlipsideViewController") == "FlipsideViewController.swift:4")
    #expect(at("MainViewController") == "MainScreen.swift:5", "@objc(MainViewController) names the class")
    #expect(at("MainScreen") == "MainScreen.swift:5")
    #expect(at("Screens.PageViewController") == "Containers.swift:5")
    #expect(at("PageViewController") == "Containers.swift:5", "a nested class by its own name")
    #expect(at("MyApp.Screens.PageViewController") == "Containers.swift:5", "module-qualified")
    #expect(at("_TtCC5MyApp7Screens18PageViewController") == "Containers.swift:5", "as the runtime mangles it")
    #expect(at("MyApp.FlipsideViewController") == "FlipsideViewController.swift:4")
    #expect(at("_TtC5MyApp22FlipsideViewController") == "FlipsideViewController.swift:4")
    #expect(at("Screens.GameMenuViewController") == "Containers.swift:15", "nested through an extension")
    #expect(at("RootViewController") == "Containers.swift:18", "top level again after the extension")
    #expect(at("VideoViewController") == "Containers.swift:24")
    #expect(at("NotAClass") == nil, "a class keyword inside a string literal")
    #expect(at("NotThisOne") == nil, "an @implementation inside a comment")
    #expect(at("func") == nil && at("make") == nil, "class func is a member")
    #expect(at("UIImagePickerController") == nil)
  }

  @Test("a class two files declare is not mapped; an @interface alone is")
  func ambiguity() {
    let index = SourceIndex([
      SourceDeclaration(className: "Twice", file: "A.swift", line: 1, kind: .swiftClass),
      SourceDeclaration(className: "Twice", file: "B.swift", line: 2, kind: .swiftClass),
      SourceDeclaration(className: "Header", file: "H.h", line: 3, kind: .objcInterface),
    ])
    #expect(index.declaration(of: "Twice") == nil)
    #expect(index.declaration(of: "Header")?.file == "H.h")
    #expect(SourceIndex.readable("_TtC5MyApp") == "_TtC5MyApp" && SourceIndex.readable("Plain") == "Plain")
  }

  @Test("indexing 5,000 files reads each once and finds every class")
  func manyFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var total = 0
    for module in 0..<50 {
      let folder = directory.file("Module\(module)")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      for screen in 0..<100 {
        let text = """
          import UIKit

          /// Screen \(screen) of module \(module).
          final class Screen\(module)x\(screen)ViewController: UIViewController {
            override func viewDidLoad() {
              super.viewDidLoad()
              title = "Screen { \(screen)"
            }
          }

          """
        total += text.utf8.count
        try text.write(toFile: "\(folder)/Screen\(screen).swift", atomically: false, encoding: .utf8)
      }
    }
    let index = try SourceIndex.build(root: directory.path)
    #expect(index.files == 5_000)
    #expect(index.bytes == total, "each byte read once")
    #expect(index.declaration(of: "Screen49x99ViewController")?.line == 4)
    #expect(index.declaration(of: "App.Screen0x0ViewController")?.file.hasSuffix("Module0/Screen0.swift") == true)
  }

  /// `traceq check --source-root SampleApp --format FORMAT samples`, run where a CI job runs it.
  static func check(_ format: String, extra: [String] = []) throws -> CommandRunner.Result {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    try FileManager.default.copyItem(atPath: Self.app, toPath: workspace.file("App"))
    return try CommandRunner(directory: workspace.path).run(
      ["check", "--source-root", "App", "--format", format] + extra + ["samples"])
  }

  @Test("text: the call site or the declaration first, where it was recorded under it")
  func text() throws {
    let result = try Self.check("text")
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    let flipside = try #require(
      lines.firstIndex { $0.hasPrefix("App/Games/FlipsideViewController.swift:9: warning: ") })
    #expect(
      lines[flipside + 1]
        == "  in FlipsideViewController.viewWillAppear, recorded at samples/flipside-unbalanced.ndjson.gz:13")
    #expect(lines[flipside + 2].hasPrefix("  hint: "))
    #expect(lines.contains { $0.hasPrefix("App/Games/Containers.swift:15: error: no orientation in common") })
    // The flagship bug: the popover is UIKit's, the code to fix is the app's presenter.
    let presented = try #require(
      lines.firstIndex {
        $0.hasPrefix("App/Homepwner/BNRDetailViewController.m:23: error: BNRDetailViewController 0xc3 presented")
      })
    #expect(
      lines[presented + 1]
        == "  in -[BNRDetailViewController takePicture:], recorded at samples/homepwner-ipad-double-camera.ndjson.gz:15"
    )
    #expect(lines.contains { $0.hasPrefix("App/Homepwner/BNRDetailViewController.m:21: error: ") })
    #expect(lines.filter { $0.contains("recorded at ") }.count == 9)
  }

  @Test("github: annotations on the Swift file, the recording in the message")
  func github() throws {
    let lines = try Self.check("github").output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasPrefix("::warning file=App/Games/FlipsideViewController.swift,line=9,title=")
          && $0.contains(
            "%0Ain FlipsideViewController.viewWillAppear, recorded at samples/flipside-unbalanced.ndjson.gz:13%0Ahint: "
          )
      })
    #expect(lines.contains { $0.hasPrefix("::error file=App/Homepwner/BNRDetailViewController.m,line=21,") })
  }

  @Test("sarif: the declaration as the location, the trace line as a related location")
  func sarif() throws {
    let log = try CheckFixtures.json(try Self.check("sarif").output)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    func uri(_ location: [String: Any]?) -> String? {
      ((location?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    func line(_ location: [String: Any]?) -> Int? {
      ((location?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])?["startLine"] as? Int
    }
    let mapped = results.filter { uri(($0["locations"] as? [[String: Any]])?.first) == "App/Games/MainScreen.swift" }
    #expect(mapped.count == 3)
    for result in mapped {
      #expect(line((result["locations"] as? [[String: Any]])?.first) == 5)
      let related = try #require((result["relatedLocations"] as? [[String: Any]])?.first)
      #expect(related["id"] as? Int == 1)
      #expect(uri(related)?.hasPrefix("samples/") == true && line(related) != nil)
      #expect(((related["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("recorded at samples/") == true)
    }
    let popovers = results.filter { uri(($0["locations"] as? [[String: Any]])?.first)?.hasSuffix(".m") == true }
    #expect(popovers.map { line(($0["locations"] as? [[String: Any]])?.first) } == [23, 21])
    #expect(results.allSatisfy { $0["relatedLocations"] != nil }, "every finding has an app controller declared")
  }

  @Test("json, junit, markdown, checkstyle and codeclimate carry the declaration too")
  func otherFormats() throws {
    let json = try CheckFixtures.json(try Self.check("json").output)
    let sources = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["source"] as? [String: Any] }
    #expect(sources.count == 9)
    #expect(
      sources.contains {
        $0["file"] as? String == "App/Games/Containers.swift" && $0["line"] as? Int == 11
          && $0["class"] as? String == "Screens.ContainerViewController"
      })
    let junit = try Self.check("junit").output
    #expect(junit.contains("App/Games/FlipsideViewController.swift:9: warning: "))
    #expect(junit.contains("recorded at samples/flipside-unbalanced.ndjson.gz:13"))
    #expect(junit.contains(#"file="App/Games/FlipsideViewController.swift" line="9""#))
    let markdown = try Self.check("markdown").output
    #expect(markdown.contains("`App/Games/FlipsideViewController.swift:9`"))
    let checkstyle = try XMLDocument(data: Data(try Self.check("checkstyle").output.utf8))
    let files = try checkstyle.nodes(forXPath: "/checkstyle/file/@name").compactMap(\.stringValue)
    #expect(
      files.contains("App/Games/MainScreen.swift") && files.contains("App/Homepwner/BNRDetailViewController.m"))
    let quality = try #require(
      try JSONSerialization.jsonObject(with: Data(try Self.check("codeclimate").output.utf8)) as? [[String: Any]])
    #expect(quality.contains { ($0["location"] as? [String: Any])?["path"] as? String == "App/Games/Containers.swift" })
  }

  @Test("a crash report's first frame in the app is placed at the method it names")
  func crashFrame() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Self.app, toPath: workspace.file("App"))
    try """
    Process:             Homepwner [4242]

    Application Specific Information:
    *** Terminating app due to uncaught exception 'NSGenericException', reason: '-[UIPopoverController dealloc] \
    reached while popover is still visible.'

    Last Exception Backtrace:
    2   UIKit       	0x3250a3f1 -[UIPopoverController dealloc] + 60
    3   Homepwner   	0x0009c1d3 -[BNRDetailViewController takePicture:] + 162

    """.write(toFile: workspace.file("hp.crash"), atomically: true, encoding: .utf8)
    let result = try CommandRunner(directory: workspace.path).run(["check", "--source-root", "App", "hp.crash"])
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("App/Homepwner/BNRDetailViewController.m:16: error: UIKit threw in Homepwner") == true)
    #expect(lines.dropFirst().first == "  in -[BNRDetailViewController takePicture:], recorded at hp.crash:4")
  }

  @Test("source_root in .traceq.yml is relative to the file; --source-root wins; a missing one is a usage error")
  func configuration() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    try FileManager.default.copyItem(atPath: Samples.directory, toPath: workspace.file("samples"))
    try FileManager.default.copyItem(atPath: Self.app, toPath: workspace.file("App"))
    try "source_root: App\n".write(toFile: workspace.file(".traceq.yml"), atomically: true, encoding: .utf8)
    let runner = CommandRunner(directory: workspace.path)
    let configured = try runner.run(["check", "samples/flipside-unbalanced.ndjson.gz"])
    #expect(configured.output.hasPrefix("App/Games/MainScreen.swift:5: warning: "))
    #expect(try runner.run(["check", "--print-config"]).output.contains("source_root: \(workspace.path)/App"))
    let missing = try runner.run(["check", "--source-root", "Nowhere", "samples"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("--source-root Nowhere: no such directory"))
  }
}
