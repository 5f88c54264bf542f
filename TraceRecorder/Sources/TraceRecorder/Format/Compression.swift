/// How the recorder compresses its files: gzip (the default), zlib (deflate with a zlib header)
/// or none. The reader tells them apart by their first bytes.
public enum Compression: String, CaseIterable, Sendable {
  case gzip, zlib, none

  /// The file extension: `ndjson.gz`, `ndjson.zz` or `ndjson`.
  public var fileExtension: String {
    switch self {
    case .gzip: "ndjson.gz"
    case .zlib: "ndjson.zz"
    case .none: "ndjson"
    }
  }
}
