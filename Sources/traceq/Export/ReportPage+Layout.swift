import Foundation

/// How the report places things: which tracks are drawn, the time axis, numbers and classes.
extension ReportPage {
  /// The span drawn for a session whose events all happen at once.
  static let minimumSpan = 0.001

  /// The orientation tracks, then presentations and popovers, then the controllers (in the
  /// order they first changed): the ones the findings name first, then the busiest, up to
  /// ``controllerTracks``.
  static func drawnTracks(_ section: ReportBuilder.SessionSection) -> [ReportTrack] {
    let fixed: [TimelineTrack] = [
      .interfaceOrientation, .deviceOrientation, .allowedOrientations, .presentations, .popovers,
    ]
    let named = Set(section.findings.flatMap { $0.finding.subjects.map(\.address) })
    // Places in `section.tracks`, which the ranking moves rather than the tracks.
    var controllers = section.tracks.indices.filter {
      guard case .controller = section.tracks[$0].kind else { return false }
      return true
    }
    if controllers.count > controllerTracks {
      // Ranked once each: looking an address up in `named` per comparison was most of a
      // session's layout.
      let ranked = controllers.map { order in
        let track = section.tracks[order]
        return (rank: (named.contains(track.address ?? "") ? 0 : 1, -track.slices), order: order)
      }
      controllers = ranked.sorted { $0.rank < $1.rank }.prefix(controllerTracks).map(\.order).sorted()
    }
    return fixed.compactMap { section.track($0) } + controllers.map { section.tracks[$0] }
  }

  /// The CSS class of a track's label.
  static func kind(of track: TimelineTrack) -> String {
    switch track {
    case .controller: "controller"
    case .presentations: "presentations"
    case .popovers: "popovers"
    case .interfaceOrientation, .deviceOrientation, .allowedOrientations: "orientation"
    }
  }

  /// The CSS class of a slice: its state, orientation or mask.
  static func slice(_ label: String, on track: TimelineTrack) -> String {
    switch track {
    case .controller: label
    case .presentations: "presented"
    case .popovers: "popover"
    case .interfaceOrientation, .deviceOrientation: "o-\(label)"
    case .allowedOrientations: label == "none" ? "m-none" : "mask"
    }
  }

  /// About ten labelled times from 0 to `span`, at 1, 2 or 5 × a power of ten, and nine minor
  /// ones between each two (the page shows them once zoomed in).
  static func ticks(span: Double) -> [Tick] {
    let rough = span / 10
    let power = pow(10, floor(log10(rough)))
    let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? rough
    return stride(from: 0, through: Int(span / step * 10), by: 1).map { index in
      let time = Double(index) * step / 10
      return Tick(
        percent: number(time / span * 100), x: number(time / span * width), text: duration(time),
        minor: index % 10 != 0)
    }
  }

  /// "850 µs", "12 ms", "2.45 s", "3 min 2 s", "15 h 47 min".
  static func duration(_ seconds: Double) -> String {
    var markup = MarkupBytes()
    markup.append(duration: seconds)
    return markup.text
  }

  /// A number for SVG and CSS: at most three decimals, no trailing zeros.
  static func number(_ value: Double) -> String {
    var markup = MarkupBytes()
    markup.append(number: value)
    return markup.text
  }
}

extension MarkupBytes {
  /// Appends `seconds` as ``ReportPage/duration(_:)`` gives it.
  mutating func append(duration seconds: Double) {
    switch seconds {
    case 0: append("0")
    case ..<0.001:
      append(number: seconds * 1_000_000)
      append(" µs")
    case ..<1:
      append(number: (seconds * 1_000 * 100).rounded() / 100)
      append(" ms")
    case ..<120:
      append(number: (seconds * 100).rounded() / 100)
      append(" s")
    case ..<3_600:
      append(Int(seconds) / 60)
      append(" min ")
      append(Int(seconds) % 60)
      append(" s")
    case ..<1e12:
      append(Int(seconds) / 3_600)
      append(" h ")
      append(Int(seconds) % 3_600 / 60)
      append(" min")
    // A `t` of tens of thousands of years: no clock wrote it, but it must not stop the report.
    default: append("\(String(format: "%.3g", seconds / 3_600)) h")
    }
  }

  /// Appends `value` as ``ReportPage/number(_:)`` gives it.
  mutating func append(number value: Double) {
    // Past 2^53 thousandths a double has no fraction to print (and Int64 may not hold it).
    guard abs(value) < 1e12 else { return append(String(format: "%.0f", value)) }
    // Under 10^15, which both a double and an Int64 hold exactly.
    let thousandths = Int64((value * 1000).rounded())
    let whole = thousandths / 1000
    var fraction = (thousandths % 1000).magnitude
    if thousandths < 0 && whole == 0 { append(byte: UInt8(ascii: "-")) }
    append(whole)
    guard fraction != 0 else { return }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    append(byte: UInt8(ascii: "."))
    append(digitsOf: fraction, atLeast: digits)
  }
}
