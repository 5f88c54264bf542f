/// How a trace's bytes are compressed, told from its first bytes, never from its name.
public enum Compression: String, Sendable, CaseIterable {
  case gzip, zlib, none

  /// gzip starts with `1f 8b`; zlib with `78 01`, `78 5e`, `78 9c` or `78 da`; anything
  /// else is read as plain text.
  public static func sniff(_ prefix: UnsafeRawBufferPointer) -> Compression {
    guard prefix.count >= 2 else { return .none }
    switch (prefix[0], prefix[1]) {
    case (0x1f, 0x8b): return .gzip
    case (0x78, 0x01), (0x78, 0x5e), (0x78, 0x9c), (0x78, 0xda): return .zlib
    default: return .none
    }
  }
}
