import CZlib
import Foundation

/// The pixels of a PNG file as a browser's screenshot writes it: 8-bit RGB or RGBA, not
/// interlaced (PNG specification, https://www.w3.org/TR/png-3/: chunks, zlib-compressed
/// scanlines, one filter type per line).
struct PNGImage {
  let width: Int
  let height: Int
  /// RGB, three bytes per pixel, row by row.
  let rgb: [UInt8]

  struct Unsupported: Error, CustomStringConvertible {
    let description: String
  }

  init(data: Data) throws {
    let bytes = [UInt8](data)
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Unsupported(description: "not a PNG file")
    }
    func integer(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var offset = 8
    var header: [UInt8] = []
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = integer(at: offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      guard offset + 12 + length <= bytes.count else { throw Unsupported(description: "a chunk is cut short") }
      let body = bytes[offset + 8..<offset + 8 + length]
      if type == "IHDR" { header = Array(body) }
      if type == "IDAT" { compressed += body }
      if type == "IEND" { break }
      offset += 12 + length
    }
    guard header.count == 13 else { throw Unsupported(description: "no IHDR chunk") }
    width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
    height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
    let (depth, colour, interlace) = (header[8], header[9], header[12])
    guard depth == 8, colour == 2 || colour == 6, interlace == 0, width > 0, height > 0 else {
      throw Unsupported(description: "bit depth \(depth), colour type \(colour), interlace \(interlace)")
    }
    let channels = colour == 6 ? 4 : 3
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    var size = uLongf(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { output in
      compressed.withUnsafeBufferPointer { input in
        uncompress(output.baseAddress, &size, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, size == raw.count else { throw Unsupported(description: "zlib status \(status)") }
    rgb = Self.unfiltered(raw, height: height, stride: stride, channels: channels)
  }

  /// Undoes each scanline's filter (None, Sub, Up, Average, Paeth) and drops the alpha channel.
  private static func unfiltered(_ raw: [UInt8], height: Int, stride: Int, channels: Int) -> [UInt8] {
    var previous = [UInt8](repeating: 0, count: stride)
    var line = [UInt8](repeating: 0, count: stride)
    var rgb: [UInt8] = []
    rgb.reserveCapacity(height * stride / channels * 3)
    for row in 0..<height {
      let start = row * (stride + 1)
      let filter = raw[start]
      for index in 0..<stride {
        let value = raw[start + 1 + index]
        let left = index >= channels ? Int(line[index - channels]) : 0
        let up = Int(previous[index])
        let upLeft = index >= channels ? Int(previous[index - channels]) : 0
        let predicted: Int
        switch filter {
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
        default: predicted = 0
        }
        line[index] = value &+ UInt8(truncatingIfNeeded: predicted)
      }
      for pixel in Swift.stride(from: 0, to: stride, by: channels) { rgb += line[pixel..<pixel + 3] }
      swap(&previous, &line)
    }
    return rgb
  }

  /// What a picture holds, to tell a drawn page from a blank one.
  struct Content: CustomStringConvertible {
    /// The share of pixels that differ from the most common colour (the background).
    var inked: Double
    /// The share of saturated pixels (the largest and smallest channel ≥ 64 apart): bars,
    /// not black or grey text.
    var coloured: Double
    /// How many distinct colours.
    var colours: Int

    var description: String {
      "inked \(String(format: "%.2f", inked * 100)) %, coloured \(String(format: "%.2f", coloured * 100)) %, "
        + "\(colours) colours"
    }
  }

  var content: Content {
    var counts: [UInt32: Int] = [:]
    var coloured = 0
    for pixel in stride(from: 0, to: rgb.count, by: 3) {
      let (red, green, blue) = (rgb[pixel], rgb[pixel + 1], rgb[pixel + 2])
      counts[UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue), default: 0] += 1
      if max(red, green, blue) - min(red, green, blue) >= 64 { coloured += 1 }
    }
    let pixels = Double(width * height)
    let background = counts.values.max() ?? 0
    return Content(
      inked: Double(width * height - background) / pixels, coloured: Double(coloured) / pixels, colours: counts.count)
  }
}
