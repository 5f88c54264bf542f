#ifndef TRACEQ_CSQLITECONFIG_H
#define TRACEQ_CSQLITECONFIG_H

struct sqlite3;

/// `sqlite3_db_config(db, option, value, &result)` for an option that takes an int and reports
/// it (`SQLITE_DBCONFIG_DEFENSIVE`, `SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER`, …): the C function
/// is variadic, which Swift cannot call. Returns SQLite's result code; `*result` is the option's
/// value afterwards.
int traceq_sqlite3_db_config_int(struct sqlite3 *db, int option, int value, int *result);

#endif
