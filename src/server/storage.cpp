// The choice of storage backend from the --db of `chimera serve`.
#include "server/storage.h"

#include <string_view>

namespace chimera::server {

bool is_postgres_uri(std::string_view db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::unique_ptr<Storage> open_storage(const std::string& db, Status* status, StorageLog log) {
    if (is_postgres_uri(db)) return open_postgres(db, status, std::move(log));
    return open_sqlite(db, status);
}

// The password of a URI is in its user info (user:password@host) or in a
// password=... parameter.
std::string printable_db(const std::string& db) {
    if (!is_postgres_uri(db)) return db;
    std::string out = db;
    const std::size_t start = out.find("://") + 3;
    const std::size_t end = std::min(out.find_first_of("/?#", start), out.size());
    const std::size_t at = out.rfind('@', end);
    if (at != std::string::npos && at >= start) {
        const std::size_t colon = out.find(':', start);
        if (colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
    for (std::size_t p = out.find("password="); p != std::string::npos;
         p = out.find("password=", p + 1)) {
        if (p == 0 || (out[p - 1] != '?' && out[p - 1] != '&')) continue;
        const std::size_t value = p + 9;
        const std::size_t stop = std::min(out.find_first_of("&#", value), out.size());
        out.replace(value, stop - value, "***");
    }
    return out;
}

}  // namespace chimera::server
