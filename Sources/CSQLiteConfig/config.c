#include <sqlite3.h>

#include "CSQLiteConfig.h"

int traceq_sqlite3_db_config_int(struct sqlite3 *db, int option, int value, int *result) {
  return sqlite3_db_config(db, option, value, result);
}
