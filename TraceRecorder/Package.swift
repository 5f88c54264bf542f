// swift-tools-version: 6.0
import PackageDescription

// The recorder an app links to write traces for traceq: no package dependency, only the
// system's zlib. An app adds this folder by path, or the repository it is published as
// (README.md beside this file says how it is released).
let package = Package(
  name: "TraceRecorder",
  platforms: [.iOS(.v13), .macOS(.v13)],
  products: [
    // The typed API, its buffer and its writer thread: one call per event of the format.
    .library(name: "TraceRecorder", targets: ["TraceRecorder"]),
    // The UIKit hooks that call TraceRecorder, and the switches that govern them.
    .library(name: "TraceRecorderUIKit", targets: ["TraceRecorderUIKit"]),
  ],
  targets: [
    // zlib from the system: the iOS and macOS SDKs have it; `zlib1g-dev` on Debian/Ubuntu.
    .systemLibrary(name: "TraceRecorderZlib"),
    .target(
      name: "TraceRecorder", dependencies: ["TraceRecorderZlib"],
      // The privacy manifest: the file-size reads of the trace directory's cap (C617.1).
      resources: [.copy("PrivacyInfo.xcprivacy")]),
    // Swift 5 mode: Objective-C runtime hooks run on UIKit's thread, outside Swift's checking.
    // Its tables and policies compile everywhere; the hooks themselves only where UIKit exists.
    .target(
      name: "TraceRecorderUIKit", dependencies: ["TraceRecorder"], swiftSettings: [.swiftLanguageMode(.v5)]),
  ]
)
