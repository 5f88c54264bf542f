import Foundation
import TraceModel

/// The backtraces of a crash report, read as its lines go by, for the first frame of the app's
/// own code: where the call UIKit raised on was made (`-[MTDActionSheet setupPopoverController]
/// + 162`). The exception's backtrace (`Last Exception Backtrace`) is preferred to the crashed
/// thread's, which starts in the runtime's abort.
///
/// - A text report (`.crash`, Crashlytics): frames are lines `3   MyApp   0x100a1c2f4 symbol + 162`;
///   a frame is the app's when its image is the process (`Process: MyApp [1234]`) or one the
///   `Binary Images` list inside the app's bundle (`….app/…`).
/// - An `.ips` report: its body is one JSON object (after the header line), read whole at the end
///   (a report is small; the body kept is bounded by ``maxBody``): `lastExceptionBacktrace` or
///   the triggered thread's `frames`, whose `imageIndex` points into `usedImages`.
struct CrashBacktrace {
  /// The most bytes of an `.ips` body kept for reading its backtraces.
  static let maxBody = 16 << 20
  /// The most frames kept of each backtrace of a text report (a real one has at most a few
  /// hundred; the app's frame is near the top).
  static let maxFrames = 512

  /// The process, from the report's header (`Process:`, `app_name`, `procName`).
  var process: String?
  private var section = Section.none
  private var exceptionFrames: [Frame] = []
  private var crashedFrames: [Frame] = []
  /// Images the `Binary Images` list places in the app's bundle.
  private var appImages: Set<String> = []
  private var ipsBody: [UInt8] = []
  private var ipsBodyTooLong = false

  private enum Section { case none, exception, crashed, images }

  struct Frame {
    var image: String
    var symbol: String
  }

  // MARK: Text reports

  /// Reads a line of a text report.
  mutating func feed(text line: UnsafeRawBufferPointer) {
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    if text.isEmpty {
      if section != .images { section = .none }
      return
    }
    if text.hasPrefix("Last Exception Backtrace") || text.hasPrefix("Fatal Exception") {
      section = .exception
    } else if text.hasPrefix("Crashed:") || (text.hasPrefix("Thread ") && text.hasSuffix("Crashed:")) {
      section = .crashed
    } else if text.hasPrefix("Binary Images") {
      section = .images
    } else if text.hasPrefix("Thread ") {
      section = .none
    } else {
      switch section {
      case .exception:
        if exceptionFrames.count < Self.maxFrames, let frame = Self.frame(text) { exceptionFrames.append(frame) }
      case .crashed:
        if crashedFrames.count < Self.maxFrames, let frame = Self.frame(text) { crashedFrames.append(frame) }
      case .images:
        if appImages.count < Self.maxFrames, let image = Self.bundledImage(text) { appImages.insert(image) }
      case .none: break
      }
    }
  }

  /// `3   MyApp   0x100a1c2f4 -[MTDActionSheet setupPopoverController] + 162`: the image is what
  /// lies between the frame's number and its address.
  private static func frame(_ line: String) -> Frame? {
    let number = line.prefix { $0.isNumber }
    guard !number.isEmpty else { return nil }
    let rest = line.dropFirst(number.count)
    guard rest.first == " " || rest.first == "\t", let address = rest.range(of: " 0x") ?? rest.range(of: "\t0x") else {
      return nil
    }
    let image = rest[..<address.lowerBound].trimmingCharacters(in: .whitespaces)
    let afterAddress = rest[address.upperBound...].drop { $0.isHexDigit }
    let symbol = afterAddress.trimmingCharacters(in: .whitespaces)
    guard !image.isEmpty, !symbol.isEmpty, !symbol.hasPrefix("0x") else { return nil }
    return Frame(image: image, symbol: symbol)
  }

  /// `0x100a14000 - 0x100a1ffff MyApp arm64 <…> /private/var/…/MyApp.app/MyApp`: the image's
  /// name when its path is inside an app's bundle (not the system's).
  private static func bundledImage(_ line: String) -> String? {
    guard let path = line.range(of: " /").map({ line[line.index(after: $0.lowerBound)...] }),
      path.contains(".app/"), !path.hasPrefix("/System/"), !path.hasPrefix("/usr/")
    else { return nil }
    return path.split(separator: "/").last.map(String.init)
  }

  // MARK: .ips reports

  /// Keeps a line of an `.ips` report's body (the lines after its header).
  mutating func feed(ipsBody line: UnsafeRawBufferPointer) {
    guard !ipsBodyTooLong else { return }
    guard ipsBody.count + line.count < Self.maxBody else {
      ipsBodyTooLong = true
      ipsBody = []
      return
    }
    ipsBody.append(contentsOf: line)
    ipsBody.append(0x0A)
  }

  // MARK: The frame

  /// The first frame of the app's code: in the exception's backtrace, else the crashed thread's.
  mutating func firstAppFrame() -> String? {
    if !ipsBody.isEmpty { readIPSBody() }
    let (process, appImages) = (process, appImages)
    let isApp = { (frame: Frame) in frame.image == process || appImages.contains(frame.image) }
    guard let frame = exceptionFrames.first(where: isApp) ?? crashedFrames.first(where: isApp) else { return nil }
    return Self.readable(frame.symbol)
  }

  /// A mangled Swift symbol demangled; the offset (` + 162`) and a source location kept.
  private static func readable(_ symbol: String) -> String {
    let name = symbol.prefix { $0 != " " }
    guard SwiftDemangler.isMangled(String(name)), let demangled = SwiftDemangler.demangle(String(name)) else {
      return symbol
    }
    return demangled + symbol.dropFirst(name.count)
  }

  private mutating func readIPSBody() {
    defer { ipsBody = [] }
    guard let body = try? JSONSerialization.jsonObject(with: Data(ipsBody)) as? [String: Any] else { return }
    if process == nil { process = body["procName"] as? String }
    let images = (body["usedImages"] as? [[String: Any]]) ?? []
    func frames(_ list: Any?) -> [Frame] {
      ((list as? [[String: Any]]) ?? []).compactMap { frame in
        guard let index = frame["imageIndex"] as? Int, images.indices.contains(index),
          let symbol = frame["symbol"] as? String
        else { return nil }
        let image = images[index]
        let name = (image["name"] as? String) ?? ""
        if let path = image["path"] as? String, path.contains(".app/"), !path.hasPrefix("/System/") {
          appImages.insert(name)
        }
        let offset = (frame["symbolLocation"] as? Int).map { " + \($0)" } ?? ""
        let source = (frame["sourceFile"] as? String).map { file in
          " (\(file)" + ((frame["sourceLine"] as? Int).map { ":\($0)" } ?? "") + ")"
        }
        return Frame(image: name, symbol: symbol + offset + (source ?? ""))
      }
    }
    exceptionFrames = frames(body["lastExceptionBacktrace"])
    let threads = (body["threads"] as? [[String: Any]]) ?? []
    crashedFrames = frames(threads.first { ($0["triggered"] as? Bool) == true }?["frames"])
  }
}
