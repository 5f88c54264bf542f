import Foundation
import TestSupport
import Testing

/// `model-disagreement` notes: left out of text output unless asked for, always in JSON.
@Suite("Model disagreement in check's output")
struct ModelDisagreementOutputTests {
  static let trace = TraceText.lines([
    #"{"traceq":1,"idiom":"phone","os":"7.1"}"#,
    #"{"ev":"setRoot","vc":"0xa1","class":"PlayerViewController"}"#,
    #"{"ev":"supportedInterfaceOrientations","vc":"0xa1","mask":"portrait"}"#,
    #"{"ev":"deviceOrientation","orientation":"landscapeLeft"}"#,
    #"{"ev":"willRotate","vc":"0xa1","to":"landscapeRight","duration":0.3}"#,
    #"{"ev":"didRotate","vc":"0xa1","from":"portrait"}"#,
  ])

  @Test("hidden in text by default, shown with --rule, present in JSON")
  func visibility() throws {
    let workspace = try TemporaryDirectory()
    defer { workspace.remove() }
    let path = try Fixture.write(Self.trace, .none, to: workspace.file("rotation.ndjson"))
    let runner = CommandRunner(directory: workspace.path)
    let text = try runner.run(["check", path])
    #expect(!text.output.contains("[model-disagreement]"))
    #expect(text.output.contains("not shown: 1 model-disagreement (--rule model-disagreement)"))
    let asked = try runner.run(["check", "--rule", "model-disagreement", path])
    #expect(asked.output.contains("rotation.ndjson:5: note: Model: UIKit refused to rotate to landscapeRight"))
    let json = try runner.run(["check", "--format", "json", path])
    #expect(json.output.contains(#""model-disagreement""#))
    #expect(text.status == 0 && asked.status == 0 && json.status == 0)
  }
}
