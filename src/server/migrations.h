// The numbered migrations of the storage schema, shared by both backends.
//
// How the two lists are kept in step: there is one list, and each entry holds
// the same migration in the two dialects (SQLite and PostgreSQL). Entry N-1
// brings a database from version N-1 to version N in either backend, so
// version N means the same tables, columns and indexes in both, and neither
// dialect can gain a migration the other lacks. A new migration is one more
// entry with both texts. tests/test_storage_backends.cpp opens a fresh
// database of each kind and checks that both reach kSchemaVersion with the
// same tables, columns and indexes.
#pragma once

#include <cstddef>
#include <span>

namespace chimera::server {

struct Migration {
    const char* sqlite;
    const char* postgres;
};

// Entry i brings the schema from version i to version i + 1.
std::span<const Migration> migrations();

// The version a database has after every migration: the number of entries.
inline constexpr int kSchemaVersion = 13;

}  // namespace chimera::server
