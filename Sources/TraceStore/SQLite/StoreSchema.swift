import GRDB
import TraceModel

/// The database schema, as migrations. The tables and views are a public interface users write
/// SQL against (`docs/schema.md`): a shipped migration is never edited; changes are new ones.
///
/// Events are appended in file order, with no secondary index (indexes on the big table would
/// cost more than the whole load): a session's events are the rowid range `first_row ...
/// last_row`, and the `events` view finds the sessions that hold an event name through
/// `session_events`, those that hold a controller through `controllers`, those that hold a class
/// through `session_classes`, then reads only those sessions' ranges.
enum StoreSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: traces, sessions, controllers, popovers, events, ingest_errors") { db in
      try db.execute(sql: version1)
      // The event names of the first release, as it numbered them. Literal on purpose: a
      // migration never depends on the app's current list (names added since are stored by
      // text when first written, see ``EventNameIDs``).
      try db.execute(sql: EventNameIDs.firstReleaseNames)
    }
    migrator.registerMigration("v2: anomalies") { db in
      try db.execute(sql: version2)
    }
    migrator.registerMigration("v3: traces.corrupt, sessions.corrupt") { db in
      try db.execute(sql: version3)
    }
    migrator.registerMigration("v4: anomalies.source") { db in
      try db.execute(sql: "ALTER TABLE anomalies ADD COLUMN source TEXT NOT NULL DEFAULT 'replay'")
    }
    migrator.registerMigration("v5: session_classes, the events view's class filter through it") { db in
      try db.execute(sql: version5)
    }
    migrator.registerMigration("v6: event_rows.record_form, records rebuilt from the columns, event_counts") { db in
      try db.execute(sql: version6)
    }
    migrator.registerMigration("v7: no controllers_by_class") { db in
      // `session_classes` (v5) is the index by class the `events` view uses; this one only cost
      // each stored controller an index entry (15 MB and a share of the writer's time at 5 M events).
      try db.execute(sql: "DROP INDEX controllers_by_class")
    }
    migrator.registerMigration("v8: controllers' appearance callback counts, the appearances view") { db in
      try db.execute(sql: version8)
    }
    migrator.registerMigration("v9: the builds, finding_fingerprints and finding_groups views") { db in
      try db.execute(sql: version9)
    }
    migrator.registerMigration("v10: the app's controller of a finding, its deciding line and frame") { db in
      try db.execute(sql: version10)
    }
    migrator.registerMigration("v11: a controllers row per lifetime of an address, with its first and last lines") {
      db in
      try controllerLifetimes(db)
    }
    return migrator
  }

  /// A controller is one lifetime of an address: an address names a new controller after its
  /// `dealloc` or when a record gives it another class, each with its own row, class and lines.
  /// SQLite cannot drop the table's `UNIQUE (session_id, address)`: the table is made again
  /// (SQLite's steps for "other kinds of table schema changes"), and the views and triggers that
  /// read it with it. Each stored row stays one lifetime; its lines come from its events.
  private static func controllerLifetimes(_ db: Database) throws {
    let readers = try Row.fetchAll(
      db,
      sql: """
        SELECT type, name, sql FROM sqlite_master
        WHERE (type = 'trigger' AND tbl_name = 'controllers') OR (type = 'view' AND name = 'events')
        """)
    try db.execute(
      sql: """
        DROP VIEW events;
        DROP VIEW appearances;
        CREATE TABLE new_controllers (
          id INTEGER PRIMARY KEY,
          session_id INTEGER NOT NULL REFERENCES sessions(id),
          address TEXT NOT NULL,
          class TEXT,
          kind TEXT,
          will_appear INTEGER NOT NULL DEFAULT 0,
          did_appear INTEGER NOT NULL DEFAULT 0,
          will_disappear INTEGER NOT NULL DEFAULT 0,
          did_disappear INTEGER NOT NULL DEFAULT 0,
          first_line INTEGER,
          last_line INTEGER
        );
        INSERT INTO new_controllers
          SELECT c.id, c.session_id, c.address, c.class, c.kind, c.will_appear, c.did_appear, c.will_disappear,
                 c.did_disappear, named.first_line, named.last_line
          FROM controllers c LEFT JOIN (
            SELECT id, min(line) AS first_line, max(line) AS last_line FROM (
              SELECT vc_id AS id, line FROM event_rows WHERE vc_id IS NOT NULL
              UNION ALL SELECT other_id AS id, line FROM event_rows WHERE other_id IS NOT NULL)
            GROUP BY id
          ) AS named ON named.id = c.id;
        DROP TABLE controllers;
        ALTER TABLE new_controllers RENAME TO controllers;
        CREATE INDEX controllers_by_address ON controllers(address);
        CREATE INDEX controllers_by_session ON controllers(session_id, address);
        """)
    for reader in readers { try db.execute(sql: reader["sql"]) }
    try db.execute(sql: FleetViews.appearances(withLines: true))
  }

  /// Fleet questions in one row each: the builds in the order they were first stored, and the
  /// stored findings grouped by fingerprint with the sessions, files, builds, OS versions and
  /// idioms they affect (the lists sorted, each value once, built in one pass per list rather
  /// than a scan per group: 75 ms instead of 370 on 5 M events and 5,000 findings). The
  /// fingerprint is defined once for both backends, by `finding_fingerprints` (``FleetViews``).
  private static let version9 =
    FleetViews.sql + "\n" + """
      CREATE VIEW finding_groups AS
        SELECT g.rule AS rule, g.class AS class, g.severity AS severity, g.findings AS findings,
               g.sessions AS sessions, g.files AS files, g.first_session AS first_session,
               g.last_session AS last_session, f.build AS first_build, l.build AS last_build,
               o.os_versions AS os_versions, i.idioms AS idioms
        FROM (
          SELECT p.rule AS rule, p.class AS class, min(p.severity) AS severity, count(*) AS findings,
                 count(DISTINCT p.session_id) AS sessions, count(DISTINCT p.trace_id) AS files,
                 min(p.session_id) AS first_session, max(p.session_id) AS last_session
          FROM finding_fingerprints p GROUP BY p.rule, p.class
        ) AS g
        LEFT JOIN sessions f ON f.id = g.first_session
        LEFT JOIN sessions l ON l.id = g.last_session
        LEFT JOIN (
          SELECT rule, class, group_concat(os, ', ') AS os_versions FROM (
            SELECT DISTINCT p.rule AS rule, p.class AS class, s.os AS os
            FROM finding_fingerprints p JOIN sessions s ON s.id = p.session_id WHERE s.os IS NOT NULL
            ORDER BY 1, 2, 3)
          GROUP BY rule, class
        ) AS o ON o.rule = g.rule AND o.class IS g.class
        LEFT JOIN (
          SELECT rule, class, group_concat(idiom, ', ') AS idioms FROM (
            SELECT DISTINCT p.rule AS rule, p.class AS class, s.idiom AS idiom
            FROM finding_fingerprints p JOIN sessions s ON s.id = p.session_id WHERE s.idiom IS NOT NULL
            ORDER BY 1, 2, 3)
          GROUP BY rule, class
        ) AS i ON i.rule = g.rule AND i.class IS g.class;
      """

  /// Each finding names the app's controller responsible, the line that decided it and a crash
  /// report's app frame; findings are grouped by the app's controller when they name one. Rows
  /// stored before are left NULL: the next `check --db` replaces them.
  private static let version10 = """
    ALTER TABLE anomalies ADD COLUMN app_vc TEXT;
    ALTER TABLE anomalies ADD COLUMN app_class TEXT;
    ALTER TABLE anomalies ADD COLUMN decided_line INTEGER;
    ALTER TABLE anomalies ADD COLUMN frame TEXT;
    DROP VIEW finding_fingerprints;
    """ + "\n" + FleetViews.findingFingerprints

  /// Each controller row counts its appearance callbacks, counted by the writer as it stores the
  /// session; an older database's counts come from its events, in one pass over them. So "which
  /// controllers appeared twice" or "whose will and did counts differ" read one row per
  /// controller instead of every event.
  private static let version8 = """
    ALTER TABLE controllers ADD COLUMN will_appear INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE controllers ADD COLUMN did_appear INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE controllers ADD COLUMN will_disappear INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE controllers ADD COLUMN did_disappear INTEGER NOT NULL DEFAULT 0;
    UPDATE controllers SET will_appear = counted.will_appear, did_appear = counted.did_appear,
      will_disappear = counted.will_disappear, did_disappear = counted.did_disappear
    FROM (
      SELECT e.vc_id AS vc_id,
        sum(n.name = 'viewWillAppear') AS will_appear, sum(n.name = 'viewDidAppear') AS did_appear,
        sum(n.name = 'viewWillDisappear') AS will_disappear, sum(n.name = 'viewDidDisappear') AS did_disappear
      FROM event_rows e JOIN event_names n ON n.id = e.ev_id
      WHERE e.vc_id IS NOT NULL
        AND n.name IN ('viewWillAppear', 'viewDidAppear', 'viewWillDisappear', 'viewDidDisappear')
      GROUP BY e.vc_id
    ) AS counted
    WHERE counted.vc_id = controllers.id;
    \(FleetViews.appearances(withLines: false))
    """

  /// A row no longer stores its whole line: `record` keeps only the members the typed columns do
  /// not reproduce, and the view rebuilds the line from both (see ``RecordForm``). Rows stored
  /// before (and lines that cannot be split exactly) keep the whole line: `record_form` 1, the
  /// default every existing row gets. The rebuilt record starts with `ev`, then the members of
  /// the non-NULL typed columns, then the stored ones. `event_counts` answers "how many of each
  /// event" from `session_events`, without reading the events.
  private static let version6 = """
    ALTER TABLE event_rows ADD COLUMN record_form INTEGER NOT NULL DEFAULT 1;
    DROP VIEW events;
    CREATE VIEW events AS
      SELECT s.trace_id AS trace_id, tr.path AS file, s.id AS session_id, e.line AS line, e.t AS t,
             n.name AS ev, c.address AS vc, sc.class AS class, o.address AS other, p.address AS popover,
             e.orientation AS orientation, e.mask AS mask, e.style AS style, e.animated AS animated,
             CASE WHEN e.record_form = 1 THEN e.record ELSE
               '{"ev":' || json_quote(n.name)
               || CASE WHEN e.t IS NULL OR e.record_form & 4 THEN '' ELSE ',"t":' || e.t END
               || CASE WHEN c.address IS NULL THEN '' ELSE
                    CASE n.name WHEN 'transition' THEN ',"to":' ELSE ',"vc":' END || json_quote(c.address) END
               || CASE WHEN o.address IS NULL THEN '' ELSE
                    ',"' || CASE n.name WHEN 'push' THEN 'nav' WHEN 'pop' THEN 'nav' WHEN 'present' THEN 'presenter'
                      WHEN 'setViewControllers' THEN 'container' WHEN 'selectTab' THEN 'tab' ELSE 'parent' END
                    || '":' || json_quote(o.address) END
               || CASE WHEN p.address IS NULL THEN '' ELSE ',"popover":' || json_quote(p.address) END
               || CASE WHEN e.orientation IS NULL THEN '' ELSE
                    ',"' || CASE n.name WHEN 'willRotate' THEN 'to' WHEN 'willAnimateRotation' THEN 'to'
                      WHEN 'didRotate' THEN 'from' ELSE 'orientation' END || '":"' || e.orientation || '"' END
               || CASE WHEN e.mask IS NULL OR e.record_form & 2 THEN '' ELSE
                    CASE n.name WHEN 'requestGeometryUpdate' THEN ',"orientations":' ELSE ',"mask":' END || e.mask END
               || CASE WHEN e.style IS NULL THEN '' ELSE ',"style":"' || e.style || '"' END
               || CASE WHEN e.animated IS NULL THEN '' WHEN e.animated THEN ',"animated":true'
                    ELSE ',"animated":false' END
               || CASE WHEN e.record = '{}' THEN '}' ELSE ',' || substr(e.record, 2) END
             END AS record
      FROM sessions s
      JOIN event_rows e ON e.id BETWEEN s.first_row AND s.last_row AND e.session_id = s.id
      JOIN session_events se ON se.session_id = e.session_id AND se.ev_id = e.ev_id
      JOIN event_names n ON n.id = se.ev_id
      LEFT JOIN controllers c ON c.id = e.vc_id AND c.session_id = s.id
      LEFT JOIN session_classes sc ON sc.class = c.class AND sc.session_id = s.id
      LEFT JOIN controllers o ON o.id = e.other_id
      LEFT JOIN popovers p ON p.id = e.popover_id
      LEFT JOIN traces tr ON tr.id = s.trace_id;
    CREATE VIEW event_counts AS
      SELECT se.session_id AS session_id, n.name AS ev, se.events AS events
      FROM session_events se JOIN event_names n ON n.id = se.ev_id;
    """

  /// The trigger that adds a new controller's (class, session) to `session_classes`. A bulk
  /// load drops it while it builds a new database (its writer lists each session's classes
  /// itself, once per class instead of once per controller) and creates it again when done.
  static let sessionClassesOnInsert = """
    CREATE TRIGGER session_classes_on_insert AFTER INSERT ON controllers WHEN new.class IS NOT NULL BEGIN
      INSERT OR IGNORE INTO session_classes (class, session_id) VALUES (new.class, new.session_id);
    END
    """

  /// A filter on `class` found each controller of that class in `controllers` and read its
  /// session's whole range once per controller: a class with a hundred controllers in a session
  /// read that session a hundred times. `session_classes` holds each (class, session) once, and
  /// the view takes `class` from it, so such a filter reads each session that has the class once.
  /// Triggers keep it in step with `controllers`, whoever writes them.
  private static let version5 = """
    CREATE TABLE session_classes (
      class TEXT NOT NULL,
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      PRIMARY KEY (class, session_id)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO session_classes (class, session_id)
      SELECT class, session_id FROM controllers WHERE class IS NOT NULL;
    \(sessionClassesOnInsert);
    CREATE TRIGGER session_classes_on_update AFTER UPDATE OF class, session_id ON controllers BEGIN
      DELETE FROM session_classes WHERE class = old.class AND session_id = old.session_id
        AND NOT EXISTS (SELECT 1 FROM controllers WHERE session_id = old.session_id AND class = old.class);
      INSERT OR IGNORE INTO session_classes (class, session_id)
        SELECT new.class, new.session_id WHERE new.class IS NOT NULL;
    END;
    CREATE TRIGGER session_classes_on_delete AFTER DELETE ON controllers WHEN old.class IS NOT NULL BEGIN
      DELETE FROM session_classes WHERE class = old.class AND session_id = old.session_id
        AND NOT EXISTS (SELECT 1 FROM controllers WHERE session_id = old.session_id AND class = old.class);
    END;
    DROP VIEW events;
    CREATE VIEW events AS
      SELECT s.trace_id AS trace_id, tr.path AS file, s.id AS session_id, e.line AS line, e.t AS t,
             n.name AS ev, c.address AS vc, sc.class AS class, o.address AS other, p.address AS popover,
             e.orientation AS orientation, e.mask AS mask, e.style AS style, e.animated AS animated, e.record AS record
      FROM sessions s
      JOIN event_rows e ON e.id BETWEEN s.first_row AND s.last_row AND e.session_id = s.id
      JOIN session_events se ON se.session_id = e.session_id AND se.ev_id = e.ev_id
      JOIN event_names n ON n.id = se.ev_id
      LEFT JOIN controllers c ON c.id = e.vc_id AND c.session_id = s.id
      LEFT JOIN session_classes sc ON sc.class = c.class AND sc.session_id = s.id
      LEFT JOIN controllers o ON o.id = e.other_id
      LEFT JOIN popovers p ON p.id = e.popover_id
      LEFT JOIN traces tr ON tr.id = s.trace_id;
    """

  /// A file whose compressed data failed its checksum (or that zlib rejected) is marked, and so
  /// is each of its sessions that holds lines no checksum vouches for.
  private static let version3 = """
    ALTER TABLE traces ADD COLUMN corrupt INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE sessions ADD COLUMN corrupt INTEGER NOT NULL DEFAULT 0;
    """

  private static let version2 = """
    CREATE TABLE anomalies (
      id INTEGER PRIMARY KEY,
      trace_id INTEGER NOT NULL REFERENCES traces(id),
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      line INTEGER NOT NULL,
      rule TEXT NOT NULL,
      severity TEXT NOT NULL,
      vc TEXT,
      class TEXT,
      message TEXT NOT NULL,
      hint TEXT NOT NULL
    );
    CREATE INDEX anomalies_by_session ON anomalies(session_id, line);
    CREATE INDEX anomalies_by_rule ON anomalies(rule);
    """

  private static let version1 = """
    CREATE TABLE traces (
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL,
      sha256 TEXT NOT NULL UNIQUE,
      size INTEGER NOT NULL,
      compression TEXT NOT NULL,
      ingested_at TEXT NOT NULL,
      lines INTEGER NOT NULL,
      sessions INTEGER NOT NULL,
      events INTEGER NOT NULL,
      errors INTEGER NOT NULL,
      warnings INTEGER NOT NULL,
      truncated INTEGER NOT NULL
    );
    CREATE TABLE sessions (
      id INTEGER PRIMARY KEY,
      trace_id INTEGER NOT NULL REFERENCES traces(id),
      ordinal INTEGER NOT NULL,
      first_line INTEGER NOT NULL,
      last_line INTEGER NOT NULL,
      events INTEGER NOT NULL,
      first_row INTEGER NOT NULL,
      last_row INTEGER NOT NULL,
      cut_short INTEGER NOT NULL,
      format_version INTEGER NOT NULL,
      app TEXT,
      os TEXT,
      idiom TEXT,
      supported INTEGER NOT NULL,
      orientation TEXT NOT NULL,
      requires_full_screen INTEGER NOT NULL,
      device TEXT,
      build TEXT,
      header TEXT NOT NULL,
      UNIQUE (trace_id, ordinal)
    );
    CREATE TABLE controllers (
      id INTEGER PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      address TEXT NOT NULL,
      class TEXT,
      kind TEXT,
      UNIQUE (session_id, address)
    );
    CREATE INDEX controllers_by_address ON controllers(address);
    CREATE INDEX controllers_by_class ON controllers(class);
    CREATE TABLE popovers (
      id INTEGER PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      address TEXT NOT NULL,
      UNIQUE (session_id, address)
    );
    CREATE TABLE event_names (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE
    );
    CREATE TABLE event_rows (
      id INTEGER PRIMARY KEY,
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      line INTEGER NOT NULL,
      t REAL,
      ev_id INTEGER NOT NULL REFERENCES event_names(id),
      vc_id INTEGER REFERENCES controllers(id),
      other_id INTEGER REFERENCES controllers(id),
      popover_id INTEGER REFERENCES popovers(id),
      orientation TEXT,
      mask INTEGER,
      style TEXT,
      animated INTEGER,
      record TEXT NOT NULL
    );
    CREATE TABLE session_events (
      ev_id INTEGER NOT NULL REFERENCES event_names(id),
      session_id INTEGER NOT NULL REFERENCES sessions(id),
      events INTEGER NOT NULL,
      PRIMARY KEY (ev_id, session_id)
    ) WITHOUT ROWID;
    CREATE VIEW events AS
      SELECT s.trace_id AS trace_id, tr.path AS file, s.id AS session_id, e.line AS line, e.t AS t,
             n.name AS ev, c.address AS vc, c.class AS class, o.address AS other, p.address AS popover,
             e.orientation AS orientation, e.mask AS mask, e.style AS style, e.animated AS animated, e.record AS record
      FROM sessions s
      JOIN event_rows e ON e.id BETWEEN s.first_row AND s.last_row AND e.session_id = s.id
      JOIN session_events se ON se.session_id = e.session_id AND se.ev_id = e.ev_id
      JOIN event_names n ON n.id = se.ev_id
      LEFT JOIN controllers c ON c.id = e.vc_id AND c.session_id = s.id
      LEFT JOIN controllers o ON o.id = e.other_id
      LEFT JOIN popovers p ON p.id = e.popover_id
      LEFT JOIN traces tr ON tr.id = s.trace_id;
    CREATE TABLE ingest_errors (
      id INTEGER PRIMARY KEY,
      trace_id INTEGER NOT NULL REFERENCES traces(id),
      session_id INTEGER REFERENCES sessions(id),
      line INTEGER NOT NULL,
      severity TEXT NOT NULL,
      kind TEXT NOT NULL,
      message TEXT NOT NULL,
      raw TEXT
    );
    CREATE INDEX ingest_errors_by_trace ON ingest_errors(trace_id, line);
    """
}
