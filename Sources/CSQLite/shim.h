// SQLite 3 for Swift. SQLITE_TRANSIENT is a cast macro Swift cannot import; the forwarder below binds
// with it so SQLite copies the bytes before the call returns.
#ifndef GATEHOUSE_CSQLITE_SHIM_H
#define GATEHOUSE_CSQLITE_SHIM_H

#include <sqlite3.h>

static inline int gatehouse_sqlite3_bind_text_transient(sqlite3_stmt *statement, int index, const char *text,
                                                        int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
