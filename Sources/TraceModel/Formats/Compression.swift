/// How a trace's bytes are compressed, told from its first bytes, never from its name.
public enum Compression: String, Sendable, CaseIterable {
  case gzip, zlib, none

  /// gzip starts with `1f 8b`; zlib with a two-byte header for deflate (`78 9c`, `78 da`, and
  /// every other header RFC 1950 allows, a preset dictionary's included, so that it can be
  /// named); anything else is read as plain text (whose records start with `{`).
  public static func sniff(_ prefix: UnsafeRawBufferPointer) -> Compression {
    guard prefix.count >= 2 else { return .none }
    let (first, second) = (prefix[0], prefix[1])
    if first == 0x1f && second == 0x8b { return .gzip }
    // CM 8 (deflate), CINFO at most 7 (a window of 32 KiB or less), FCHECK: a multiple of 31.
    if first & 0x0F == 8, first >> 4 <= 7, (UInt16(first) << 8 | UInt16(second)) % 31 == 0 { return .zlib }
    return .none
  }
}
