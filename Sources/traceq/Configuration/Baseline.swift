import Foundation

/// The findings a team has accepted, by identity (``FindingIdentity``) with how many times
/// each was found: `traceq check --write-baseline FILE` writes it, `--baseline FILE` reports
/// only what it does not hold. A JSON file, sorted, meant to be committed and reviewed.
struct Baseline: Equatable {
  /// The version of the file format.
  static let formatVersion = 1

  private(set) var counts: [FindingIdentity: Int] = [:]

  /// How many findings it holds.
  var total: Int { counts.values.reduce(0, +) }

  mutating func add(_ identity: FindingIdentity) {
    counts[identity, default: 0] += 1
  }

  /// Takes one `identity` out; false when none is left (the finding is new).
  mutating func consume(_ identity: FindingIdentity) -> Bool {
    guard let count = counts[identity], count > 0 else { return false }
    counts[identity] = count - 1
    return true
  }

  /// The file's content.
  private struct File: Codable {
    var tool: String? = "traceq"
    var version: Int
    var findings: [Entry]
  }

  /// What is read first, so that another version is named as such.
  private struct Header: Decodable {
    var version: Int
  }

  private struct Entry: Codable {
    var rule: String
    var classes: [String]
    var message: String
    var count: Int
  }

  static func read(_ path: String) throws(BaselineError) -> Baseline {
    let data: Data
    do {
      data = try NamedFile.contents(path)
    } catch {
      throw BaselineError(path: path, problem: "\(error.reason); write one with --write-baseline \(path)")
    }
    let file: File
    do {
      let version = try JSONDecoder().decode(Header.self, from: data).version
      guard version == formatVersion else {
        throw BaselineError(
          path: path, problem: "baseline version \(version); this traceq reads version \(formatVersion)")
      }
      file = try JSONDecoder().decode(File.self, from: data)
    } catch let error as BaselineError {
      throw error
    } catch {
      throw BaselineError(path: path, problem: "not a traceq baseline (\(Self.describe(error)))")
    }
    var baseline = Baseline()
    for entry in file.findings where entry.count > 0 {
      baseline.counts[FindingIdentity(rule: entry.rule, classes: entry.classes, message: entry.message), default: 0] +=
        entry.count
    }
    return baseline
  }

  /// Writes the baseline, sorted by rule and message so that it diffs well.
  func write(to path: String) throws(BaselineError) {
    let entries = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { identity, count in
      Entry(rule: identity.rule, classes: identity.classes, message: identity.message, count: count)
    }
    let text = SortedJSON.text(File(version: Self.formatVersion, findings: entries)) + "\n"
    do {
      try OutputPath.writeAtomically(Data(text.utf8), to: path)
    } catch {
      throw BaselineError(path: path, problem: "cannot be written (\(error.localizedDescription))")
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _): "no '\(key.stringValue)'"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      context.codingPath.isEmpty ? "not JSON of the right shape" : "bad '\(path(context.codingPath))'"
    default: "not JSON"
    }
  }

  /// `findings[0].rule`.
  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().trimmingPrefix(".")
      .description
  }
}

/// A baseline that cannot be read or written: `path: error: problem`, status 2.
struct BaselineError: CommandError, CustomStringConvertible {
  let path: String
  let problem: String

  var description: String { "\(path): error: \(problem)" }
  var status: ExitStatus { .unusable }
  var message: String? { description }
}
