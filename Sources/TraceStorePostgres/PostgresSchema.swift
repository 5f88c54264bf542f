import TraceStore

/// The PostgreSQL schema: the tables and views of `docs/schema.md` with PostgreSQL's types
/// (`boolean` flags, `double precision` times, `jsonb` records, `timestamptz` dates), laid out
/// to be distributed (`docs/postgres.md`): every large table holds the session's id, and every
/// uniqueness includes it, so that Citus can shard them by session. A shipped migration is
/// never edited; changes are new ones.
///
/// Ids: traces and sessions are numbered by their sequences; a file's events and objects get
/// ids from a block of its own, `nextval('file_blocks') << 32` on, so that runners storing
/// files at once never wait for each other's ids, and a session's events are one range.
enum PostgresSchema {
  /// The migrations, in order: version `index + 1` is `migrations[index]`.
  static let migrations: [(name: String, sql: String)] = [
    ("v1: the tables and views of docs/schema.md", version1),
    ("v2: the builds, finding_fingerprints and finding_groups views", version2),
    ("v3: anomalies.app_vc, app_class, decided_line, frame; groups by the app's controller", version3),
    ("v4: a controllers row per lifetime of an address, with its first and last lines", version4),
  ]

  static var latest: Int { migrations.count }

  /// How many ids of each kind a file's block holds (events, and controllers with popovers).
  static let blockShift: Int64 = 32

  /// The table of applied versions, created by the first runner that finds none.
  static let versionTable = """
    CREATE TABLE IF NOT EXISTS traceq_schema (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
    """

  /// Taken by a runner while it migrates (`pg_advisory_xact_lock`): others wait, then find the
  /// schema up to date.
  static let migrationLock: Int64 = 0x7472_6163_6571  // "traceq"

  /// SQLite's v11: a controller is one lifetime of an address (a new one after its `dealloc` or
  /// another class), each with its own row, class and lines. Each stored row stays one lifetime;
  /// its lines come from its events.
  private static let version4 = """
    ALTER TABLE controllers DROP CONSTRAINT controllers_session_id_address_key;
    CREATE INDEX controllers_by_session ON controllers (session_id, address);
    ALTER TABLE controllers ADD COLUMN first_line bigint, ADD COLUMN last_line bigint;
    UPDATE controllers c SET first_line = named.first_line, last_line = named.last_line
    FROM (
      SELECT session_id, id, min(line) AS first_line, max(line) AS last_line FROM (
        SELECT session_id, vc_id AS id, line FROM event_rows WHERE vc_id IS NOT NULL
        UNION ALL SELECT session_id, other_id AS id, line FROM event_rows WHERE other_id IS NOT NULL) AS lines
      GROUP BY session_id, id
    ) AS named
    WHERE named.session_id = c.session_id AND named.id = c.id;
    """ + "\n" + FleetViews.appearances(withLines: true).replacing("CREATE VIEW", with: "CREATE OR REPLACE VIEW")

  /// SQLite's v10: each finding names the app's controller responsible, the line that decided it
  /// and a crash report's app frame, and findings group by the app's controller.
  private static let version3 = """
    ALTER TABLE anomalies ADD COLUMN app_vc text;
    ALTER TABLE anomalies ADD COLUMN app_class text;
    ALTER TABLE anomalies ADD COLUMN decided_line bigint;
    ALTER TABLE anomalies ADD COLUMN frame text;
    """ + "\n" + FleetViews.findingFingerprints.replacing("CREATE VIEW", with: "CREATE OR REPLACE VIEW")

  /// The fleet views of SQLite's v9, over ``FleetViews``: `finding_groups` in one pass, with
  /// PostgreSQL's ordered distinct aggregates (sorted bytewise, as SQLite sorts). (SQLite's
  /// correlated lists cost 250 ms here on 5 M events and 5,000 findings; this, 30 ms.)
  private static let version2 =
    FleetViews.sql + "\n" + """
      CREATE VIEW finding_groups AS
        SELECT g.rule AS rule, g.class AS class, g.severity AS severity, g.findings AS findings,
               g.sessions AS sessions, g.files AS files, g.first_session AS first_session,
               g.last_session AS last_session, f.build AS first_build, l.build AS last_build,
               g.os_versions AS os_versions, g.idioms AS idioms
        FROM (
          SELECT p.rule AS rule, p.class AS class, min(p.severity) AS severity, count(*) AS findings,
                 count(DISTINCT p.session_id) AS sessions, count(DISTINCT p.trace_id) AS files,
                 min(p.session_id) AS first_session, max(p.session_id) AS last_session,
                 string_agg(DISTINCT s.os COLLATE "C", ', ' ORDER BY s.os COLLATE "C") AS os_versions,
                 string_agg(DISTINCT s.idiom COLLATE "C", ', ' ORDER BY s.idiom COLLATE "C") AS idioms
          FROM finding_fingerprints p JOIN sessions s ON s.id = p.session_id
          GROUP BY p.rule, p.class
        ) AS g
        LEFT JOIN sessions f ON f.id = g.first_session
        LEFT JOIN sessions l ON l.id = g.last_session;
      """

  private static let version1 = """
    CREATE SEQUENCE file_blocks;
    CREATE TABLE traces (
      id bigint PRIMARY KEY,
      path text NOT NULL,
      sha256 text NOT NULL UNIQUE,
      size bigint NOT NULL,
      compression text NOT NULL,
      ingested_at timestamptz NOT NULL DEFAULT now(),
      lines bigint NOT NULL,
      sessions bigint NOT NULL,
      events bigint NOT NULL,
      errors bigint NOT NULL,
      warnings bigint NOT NULL,
      truncated boolean NOT NULL,
      corrupt boolean NOT NULL DEFAULT false
    );
    CREATE SEQUENCE traces_id_seq OWNED BY traces.id;
    CREATE TABLE sessions (
      id bigint PRIMARY KEY,
      trace_id bigint NOT NULL,
      ordinal integer NOT NULL,
      first_line bigint NOT NULL,
      last_line bigint NOT NULL,
      events bigint NOT NULL,
      first_row bigint NOT NULL,
      last_row bigint NOT NULL,
      cut_short boolean NOT NULL,
      format_version integer NOT NULL,
      app text,
      os text,
      idiom text,
      supported integer NOT NULL,
      orientation text NOT NULL,
      requires_full_screen boolean NOT NULL,
      device text,
      build text,
      header text NOT NULL,
      corrupt boolean NOT NULL DEFAULT false
    );
    CREATE SEQUENCE sessions_id_seq OWNED BY sessions.id;
    CREATE INDEX sessions_by_trace ON sessions (trace_id, ordinal);
    CREATE TABLE controllers (
      id bigint NOT NULL,
      session_id bigint NOT NULL,
      address text NOT NULL,
      class text,
      kind text,
      will_appear integer NOT NULL DEFAULT 0,
      did_appear integer NOT NULL DEFAULT 0,
      will_disappear integer NOT NULL DEFAULT 0,
      did_disappear integer NOT NULL DEFAULT 0,
      PRIMARY KEY (session_id, id),
      UNIQUE (session_id, address)
    );
    CREATE INDEX controllers_by_address ON controllers (address);
    CREATE TABLE popovers (
      id bigint NOT NULL,
      session_id bigint NOT NULL,
      address text NOT NULL,
      PRIMARY KEY (session_id, id)
    );
    CREATE TABLE event_names (
      id bigint PRIMARY KEY,
      name text NOT NULL UNIQUE
    );
    CREATE SEQUENCE known_event_name_ids START 39;
    CREATE SEQUENCE unknown_event_name_ids START 1048576;
    \(EventNameIDs.firstReleaseNames)
    CREATE TABLE event_rows (
      id bigint NOT NULL,
      session_id bigint NOT NULL,
      line bigint NOT NULL,
      t double precision,
      ev_id bigint NOT NULL,
      vc_id bigint,
      other_id bigint,
      popover_id bigint,
      orientation text,
      mask integer,
      style text,
      animated boolean,
      record jsonb NOT NULL,
      record_form integer NOT NULL,
      PRIMARY KEY (session_id, id)
    );
    CREATE TABLE session_events (
      ev_id bigint NOT NULL,
      session_id bigint NOT NULL,
      events bigint NOT NULL,
      PRIMARY KEY (session_id, ev_id)
    );
    CREATE INDEX session_events_by_name ON session_events (ev_id);
    CREATE TABLE session_classes (
      class text NOT NULL,
      session_id bigint NOT NULL,
      PRIMARY KEY (session_id, class)
    );
    CREATE INDEX session_classes_by_class ON session_classes (class);
    CREATE TABLE ingest_errors (
      id bigserial NOT NULL,
      trace_id bigint NOT NULL,
      session_id bigint,
      line bigint NOT NULL,
      severity text NOT NULL,
      kind text NOT NULL,
      message text NOT NULL,
      raw text,
      PRIMARY KEY (trace_id, id)
    );
    CREATE TABLE anomalies (
      id bigserial NOT NULL,
      trace_id bigint NOT NULL,
      session_id bigint NOT NULL,
      line bigint NOT NULL,
      rule text NOT NULL,
      severity text NOT NULL,
      vc text,
      class text,
      message text NOT NULL,
      hint text NOT NULL,
      source text NOT NULL DEFAULT 'replay',
      PRIMARY KEY (session_id, id)
    );
    CREATE INDEX anomalies_by_rule ON anomalies (rule);
    CREATE VIEW events AS
      SELECT s.trace_id AS trace_id, tr.path AS file, s.id AS session_id, e.line AS line, e.t AS t,
             n.name AS ev, c.address AS vc, c.class AS class, o.address AS other, p.address AS popover,
             e.orientation AS orientation, e.mask AS mask, e.style AS style, e.animated AS animated,
             CASE WHEN e.record_form = 1 THEN e.record ELSE
               jsonb_strip_nulls(jsonb_build_object(
                 'ev', n.name,
                 't', CASE WHEN e.record_form & 4 = 0 THEN e.t END,
                 CASE n.name WHEN 'transition' THEN 'to' ELSE 'vc' END, c.address,
                 CASE n.name WHEN 'push' THEN 'nav' WHEN 'pop' THEN 'nav' WHEN 'present' THEN 'presenter'
                   WHEN 'setViewControllers' THEN 'container' WHEN 'selectTab' THEN 'tab' ELSE 'parent' END, o.address,
                 'popover', p.address,
                 CASE n.name WHEN 'willRotate' THEN 'to' WHEN 'willAnimateRotation' THEN 'to'
                   WHEN 'didRotate' THEN 'from' ELSE 'orientation' END, e.orientation,
                 CASE n.name WHEN 'requestGeometryUpdate' THEN 'orientations' ELSE 'mask' END,
                   CASE WHEN e.record_form & 2 = 0 THEN e.mask END,
                 'style', e.style,
                 'animated', e.animated)) || e.record
             END AS record
      FROM sessions s
      JOIN event_rows e ON e.session_id = s.id AND e.id BETWEEN s.first_row AND s.last_row
      JOIN event_names n ON n.id = e.ev_id
      LEFT JOIN controllers c ON c.session_id = e.session_id AND c.id = e.vc_id
      LEFT JOIN controllers o ON o.session_id = e.session_id AND o.id = e.other_id
      LEFT JOIN popovers p ON p.session_id = e.session_id AND p.id = e.popover_id
      LEFT JOIN traces tr ON tr.id = s.trace_id;
    CREATE VIEW event_counts AS
      SELECT se.session_id AS session_id, n.name AS ev, se.events AS events
      FROM session_events se JOIN event_names n ON n.id = se.ev_id;
    \(FleetViews.appearances(withLines: false))
    -- SQLite's json_extract(record, '$.key'), so that the documented queries run on both: the
    -- value at a JSON path, as text (a string without its quotes), or NULL.
    CREATE FUNCTION json_extract(record jsonb, path text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE jsonb_typeof(value) WHEN 'string' THEN value #>> '{}' WHEN 'null' THEN NULL ELSE value::text END
        FROM (SELECT jsonb_path_query_first(record, path::jsonpath) AS value) AS found
      $$;
    """
}
