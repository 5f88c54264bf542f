/// The part of SARIF 2.1.0 (OASIS) that `--format sarif` writes, as encodable types: what
/// GitHub code scanning and other SARIF viewers read. Names follow the specification.
enum SARIF {
  static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  struct Log: Encodable {
    var schema = SARIF.schema
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  struct Run: Encodable {
    var tool: Tool
    var invocations: [Invocation]
    var results: [Result]
  }

  struct Tool: Encodable {
    var driver: Driver
  }

  struct Driver: Encodable {
    var name: String
    var version: String
    var semanticVersion: String
    var informationUri: String
    var rules: [ReportingDescriptor]
  }

  /// A rule: `tool.driver.rules[]`.
  struct ReportingDescriptor: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var fullDescription: Message
    var help: Message
    var helpUri: String
    var defaultConfiguration: Configuration
    var properties: Properties

    struct Configuration: Encodable {
      var level: String
      var enabled: Bool
    }

    struct Properties: Encodable {
      var tags: [String]
    }
  }

  struct Message: Encodable {
    var text: String
    var markdown: String?
  }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    /// With `--source-root`: the trace's line, where the finding was recorded.
    var relatedLocations: [Location]?
    var partialFingerprints: [String: String]
    var properties: Properties?
    var suppressions: [Suppression]?
    var baselineState: String?

    struct Properties: Encodable {
      var session: Int
      var hint: String
      var subjects: [FindingDocument.Subject]
      /// `replay` (the replay of recorded events found it) or `uikit` (UIKit said it in a
      /// console log or crash report), as `found_by` in the JSON report.
      var foundBy: String
    }
  }

  struct Location: Encodable {
    var id: Int?
    var physicalLocation: PhysicalLocation
    var message: Message?
  }

  struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region?
  }

  struct ArtifactLocation: Encodable {
    var uri: String
    var uriBaseId: String?
  }

  struct Region: Encodable {
    var startLine: Int
  }

  struct Suppression: Encodable {
    var kind = "external"
    var status = "accepted"
    var justification: String?
  }

  struct Invocation: Encodable {
    var executionSuccessful: Bool
    var toolExecutionNotifications: [Notification]
  }

  /// A problem with the input (a bad line), not a rule's finding.
  struct Notification: Encodable {
    var level: String
    var message: Message
    var locations: [Location]
    var descriptor: Descriptor

    struct Descriptor: Encodable {
      var id: String
    }
  }
}
