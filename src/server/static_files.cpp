#include "server/static_files.h"

#include <algorithm>

namespace chimera::server {

namespace fs = std::filesystem;

std::string mime_type(std::string_view path) {
    const auto dot = path.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".json") return "application/json";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    return "application/octet-stream";
}

namespace {

// p, with symbolic links resolved, if it is a regular file under root (canonical).
bool regular_under(const fs::path& root, const fs::path& p, fs::path& out) {
    std::error_code ec;
    const fs::path real = fs::canonical(p, ec);
    if (ec || !fs::is_regular_file(real, ec) || ec) return false;
    const auto [r, f] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
    if (r != root.end()) return false;  // not inside the root
    out = real;
    return true;
}

}  // namespace

bool resolve_static(const fs::path& root_dir, std::string_view path, StaticFile& out) {
    if (root_dir.empty() || path.empty() || path[0] != '/' ||
        path.find("..") != std::string_view::npos || path.find('\\') != std::string_view::npos ||
        path.find('\0') != std::string_view::npos)
        return false;
    std::error_code ec;
    const fs::path root = fs::canonical(root_dir, ec);
    if (ec) return false;
    const fs::path wanted = root / fs::path(std::string(path.substr(1)));
    fs::path file;
    if (fs::is_directory(wanted, ec)) {
        if (!regular_under(root, wanted / "index.html", file)) return false;
    } else if (!regular_under(root, wanted, file)) {
        // Client-side routes (a last segment without an extension) get the application page.
        const std::string_view last = path.substr(path.rfind('/') + 1);
        if (last.find('.') != std::string_view::npos ||
            !regular_under(root, root / "index.html", file))
            return false;
    }
    out.path = file;
    out.type = mime_type(file.filename().string());
    return true;
}

}  // namespace chimera::server
