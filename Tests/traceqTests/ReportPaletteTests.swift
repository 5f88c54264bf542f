import Foundation
import Testing

@testable import traceq

/// The report's legend colours stay apart for a reader with deuteranopia (the most common
/// colour-vision deficiency), as simulated by Machado, Oliveira & Fernandes, "A
/// Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE TVCG 2009),
/// severity 1.0, compared in CIELAB (ΔE*ab, CIE 1976).
@Suite("The report's palette")
struct ReportPaletteTests {
  /// Two colours closer than this are hard to tell apart in a thin bar.
  static let minimumDistance = 15.0

  /// The legend's colours, from the style sheet: `.key.appeared{fill:#0072B2;…}`.
  static var legend: [(name: String, rgb: [Double])] {
    ReportTemplate.css.matches(of: /\.key\.([A-Za-z-]+)\{fill:#([0-9A-Fa-f]{6})/).map { match in
      let hex = UInt32(match.output.2, radix: 16) ?? 0
      return (String(match.output.1), [hex >> 16, hex >> 8 & 0xFF, hex & 0xFF].map { Double($0) / 255 })
    }
  }

  @Test("every pair of legend colours is apart, with normal vision and with deuteranopia")
  func distinct() {
    let legend = Self.legend
    #expect(legend.count == 12, "\(legend.map(\.name))")
    for (index, first) in legend.enumerated() {
      for second in legend[(index + 1)...] {
        let normal = Self.distance(Self.linear(first.rgb), Self.linear(second.rgb))
        let deuteranopia = Self.distance(Self.deuteranopia(first.rgb), Self.deuteranopia(second.rgb))
        #expect(
          min(normal, deuteranopia) >= Self.minimumDistance,
          "\(first.name) and \(second.name): ΔE \(Int(normal)) / \(Int(deuteranopia)) with deuteranopia")
      }
    }
  }

  static func linear(_ rgb: [Double]) -> [Double] {
    rgb.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
  }

  /// Machado et al.'s deuteranopia matrix, applied to linear RGB.
  static func deuteranopia(_ rgb: [Double]) -> [Double] {
    let matrix = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    let linear = linear(rgb)
    return matrix.map { row in min(1, max(0, zip(row, linear).map(*).reduce(0, +))) }
  }

  /// ΔE*ab between two linear sRGB colours (D65).
  static func distance(_ first: [Double], _ second: [Double]) -> Double {
    func lab(_ rgb: [Double]) -> [Double] {
      let x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047
      let y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
      let z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883
      func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
      return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))]
    }
    return sqrt(zip(lab(first), lab(second)).map { ($0 - $1) * ($0 - $1) }.reduce(0, +))
  }
}
