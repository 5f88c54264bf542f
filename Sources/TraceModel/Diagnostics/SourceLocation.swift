/// A line of a trace file: `file:line`, the line counted in the decompressed text from 1.
public struct SourceLocation: Hashable, Sendable {
  public var file: String
  public var line: Int

  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }
}

extension SourceLocation: CustomStringConvertible {
  public var description: String { "\(file):\(line)" }
}
