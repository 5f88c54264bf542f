/// The controllers of session 1 of a store written before schema v11 (SQLite; PostgreSQL v4), for
/// the upgrade tests of both backends: one controller per address, `0xb2` pushed on `0xa1` on
/// lines 2 and 5 and appearing on lines 3 and 4, `0xc3` in no event.
/// (Event name ids: 14 viewWillAppear, 15 viewDidAppear, 24 push.)
public enum OlderControllerRows {
  public static let sql = """
    INSERT INTO controllers (id, session_id, address, class, kind, will_appear, did_appear)
      VALUES (1, 1, '0xa1', 'Nav', 'navigation', 0, 0), (2, 1, '0xb2', 'Detail', NULL, 1, 1),
      (3, 1, '0xc3', NULL, NULL, 0, 0);
    INSERT INTO event_rows (id, session_id, line, ev_id, vc_id, other_id, record, record_form) VALUES
      (1, 1, 2, 24, 2, 1, '{}', 0), (2, 1, 3, 14, 2, NULL, '{}', 0), (3, 1, 4, 15, 2, NULL, '{}', 0),
      (4, 1, 5, 24, 2, 1, '{}', 0);
    INSERT INTO session_events VALUES (14, 1, 1), (15, 1, 1), (24, 1, 2);
    """
}
