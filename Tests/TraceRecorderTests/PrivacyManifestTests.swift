import Foundation
import Testing

/// The recorder's privacy manifest against the recorder's code: every category of Apple's
/// required-reason APIs the code calls is declared with a reason Apple lists for it, and no
/// category is declared that the code does not call.
/// (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api)
@Suite("Privacy manifest")
struct PrivacyManifestTests {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("TraceRecorder")

  /// Apple's categories: the APIs (as they appear in Swift code) and the reasons it accepts.
  static let categories: [(category: String, apis: [String], reasons: Set<String>)] = [
    (
      "NSPrivacyAccessedAPICategoryFileTimestamp",
      [
        "attributesOfItem", "creationDate", "modificationDate", "contentModificationDateKey", "creationDateKey",
        "getattrlist", "stat(", "fstat(", "fstatat(", "lstat(",
      ], ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]
    ),
    (
      "NSPrivacyAccessedAPICategorySystemBootTime", ["systemUptime", "mach_absolute_time"],
      ["35F9.1", "8FFB.1", "3D61.1"]
    ),
    (
      "NSPrivacyAccessedAPICategoryDiskSpace",
      ["volumeAvailableCapacity", "volumeTotalCapacity", "systemFreeSize", "systemSize", "statfs(", "statvfs("],
      ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
    ),
    ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["activeInputModes"], ["3EC4.1", "54BD.1"]),
    ("NSPrivacyAccessedAPICategoryUserDefaults", ["UserDefaults"], ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
  ]

  /// The recorder's Swift code, comments left out.
  static func code() throws -> String {
    let sources = package.appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    return try files.map { file in
      try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  @Test("the manifest declares each category the code uses, with a reason Apple lists, and no other")
  func declaredAsUsed() throws {
    let url = Self.package.appendingPathComponent("Sources/TraceRecorder/PrivacyInfo.xcprivacy")
    let manifest = try #require(
      try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
    #expect(manifest["NSPrivacyTracking"] as? Bool == false)
    #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
    let declared = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
    var reasons: [String: [String]] = [:]
    for entry in declared {
      reasons[entry["NSPrivacyAccessedAPIType"] as? String ?? "?"] =
        entry["NSPrivacyAccessedAPITypeReasons"] as? [String]
    }
    let code = try Self.code()
    for (category, apis, allowed) in Self.categories {
      let used = apis.filter { code.contains($0) }
      if used.isEmpty {
        #expect(reasons[category] == nil, "\(category) is declared but the recorder calls none of its APIs")
      } else {
        let given = reasons[category] ?? []
        #expect(!given.isEmpty, "the recorder calls \(used) (\(category)) without declaring a reason")
        #expect(given.allSatisfy(allowed.contains), "\(category): \(given) is not among Apple's reasons \(allowed)")
      }
    }
    #expect(Set(reasons.keys).isSubset(of: Set(Self.categories.map(\.category))), "unknown categories: \(reasons.keys)")
  }
}
