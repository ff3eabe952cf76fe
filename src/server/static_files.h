// The site's files: a request path resolved to a regular file under the
// static root, never anything outside it. Paths are origin form ("/..."),
// may not climb ("..") or carry NULs or backslashes, and are resolved with
// symbolic links followed, then checked to lie under the root's canonical
// path. A directory is served by its index.html; a path without an extension
// that names nothing is a client-side route and gets the application page.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace chimera::server {

struct StaticFile {
    std::filesystem::path path;  // canonical, under the root
    std::string type;            // Content-Type
};

// The file for the request path, or false (404) when there is none.
bool resolve_static(const std::filesystem::path& root, std::string_view path, StaticFile& out);

std::string mime_type(std::string_view path);

}  // namespace chimera::server
