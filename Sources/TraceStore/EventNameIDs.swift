/// How `event_names` is numbered. Rows refer to names by id, so an id never changes once
/// stored; names are looked up by their text only, never by an enum's raw value. The two kinds
/// of name get disjoint id ranges, so that a name one release knows and another stored as
/// unknown never share an id with a different name:
/// - names traceq knows get ids below ``unknownBase`` (those of the first release were seeded
///   by the v1 migration; a name added later gets the next free id of that range when first
///   written, unless an older release stored it already, as unknown: its row is reused);
/// - names traceq does not know get ids from ``unknownBase`` up.
package enum EventNameIDs {
  package static let unknownBase: Int64 = 1 << 20
}
