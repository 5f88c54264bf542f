import Foundation
import Testing

@testable import traceq

@Suite("Path and class patterns")
struct GlobTests {
  @Test(
    "patterns match what shell globs match",
    arguments: [
      ("*.ndjson.gz", "a.ndjson.gz", true),
      ("*.ndjson.gz", "dir/a.ndjson.gz", false),
      ("FBAd*", "FBAdViewController", true),
      ("FBAd*", "MyFBAdViewController", false),
      ("UI*Controller", "UIInputWindowController", true),
      ("traces/**", "traces/a/b/c.gz", true),
      ("traces/**", "other/a.gz", false),
      ("**/flaky/*.gz", "flaky/a.gz", true),
      ("**/flaky/*.gz", "x/y/flaky/a.gz", true),
      ("**/flaky/*.gz", "x/y/flaky/deeper/a.gz", false),
      ("a/**/b.gz", "a/b.gz", true),
      ("a/**/b.gz", "a/x/y/b.gz", true),
      ("run-?.gz", "run-1.gz", true),
      ("run-?.gz", "run-12.gz", false),
      ("run-[0-9].gz", "run-7.gz", true),
      ("run-[!0-9].gz", "run-7.gz", false),
      ("run-[!0-9].gz", "run-x.gz", true),
      ("a\\*b", "a*b", true),
      ("a\\*b", "axb", false),
    ])
  func matching(_ pattern: String, _ text: String, _ expected: Bool) throws {
    #expect(try Glob(pattern).matches(text) == expected)
  }

  @Test(
    "bad patterns are errors that say what is wrong",
    arguments: [
      ("", "empty"), ("run-[0-9.gz", "never closed"), ("trailing\\", "ends with"), ("a**b", "whole path segment"),
      ("[z-a]", "backwards"),
    ])
  func badPatterns(_ pattern: String, _ problem: String) {
    #expect {
      try Glob(pattern)
    } throws: { error in
      "\(error)".contains(problem) && "\(error)".contains("'\(pattern)'")
    }
  }

  @Test("path patterns are relative to the configuration's directory, like .gitignore")
  func pathScope() throws {
    let scope = PathScope(directory: "/repo")
    #expect(scope.matches(try Glob("traces/legacy"), "/repo/traces/legacy/a.ndjson.gz"))
    #expect(scope.matches(try Glob("traces/legacy/**"), "/repo/traces/legacy/a.ndjson.gz"))
    #expect(!scope.matches(try Glob("traces/legacy"), "/repo/other/traces/legacy/a.ndjson.gz"))
    #expect(scope.matches(try Glob("legacy"), "/repo/other/legacy/a.ndjson.gz"), "a name matches at any depth")
    #expect(scope.matches(try Glob("*.tmp.ndjson"), "/repo/x/y/run.tmp.ndjson"))
    #expect(scope.matches(try Glob("/elsewhere/**"), "/elsewhere/a.gz"), "an absolute pattern matches absolute paths")
    #expect(!scope.matches(try Glob("*"), "-"), "standard input has no path")
  }

  @Test("a pattern with many stars costs at most (tokens + 1) × characters steps, not exponentially many")
  func worstCaseIsLinear() throws {
    let pattern = try Glob("*a*a*a*a*a*a*a*b")
    let name = String(repeating: "a", count: 40)
    var steps = 0
    #expect(!pattern.matches(name, steps: &steps))
    #expect(steps <= 17 * 40, "\(steps) steps")
    var longer = 0
    #expect(!pattern.matches(name + name, steps: &longer))
    #expect(longer <= 17 * 80, "doubling the name at most doubles the work: \(steps) → \(longer)")
    #expect(try Glob("*a*a*a*a*a*a*a*b").matches(name + "b"))
    #expect(try Glob("**/x/**/y/*.gz").matches("a/x/b/c/y/z.gz"))
    #expect(!(try Glob("**/x/**/y/*.gz").matches("a/x/b/c/y/d/z.gz")))
  }
}
