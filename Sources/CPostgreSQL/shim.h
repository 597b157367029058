// libpq, PostgreSQL's C client library (Debian's libpq-dev), for the review store on a PostgreSQL server.
#ifndef GATEHOUSE_CPOSTGRESQL_SHIM_H
#define GATEHOUSE_CPOSTGRESQL_SHIM_H

#include <libpq-fe.h>

#endif
