// The site's files (issue 13, item 1): only regular files under the --static
// root are served. A request target that is not origin form ("/...") is
// refused, so "-private/secret.txt" cannot reach a sibling "www-private"
// folder; a directory is served by its index.html or not at all; a symbolic
// link out of the root leads nowhere; client-side routes get the app page.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/static_files.h"
#include "server_client.h"

namespace chimera::testing {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
}

// A site root "www" with a sibling "www-private" and a file "www.txt" beside it.
class StaticSite : public ::testing::Test {
  protected:
    void SetUp() override {
        base_ = fs::path(dir_.file("site"));
        write(base_ / "www" / "index.html", "<title>app</title>");
        write(base_ / "www" / "assets" / "app.js", "console.log(1)");
        write(base_ / "www" / "docs" / "index.html", "<title>docs</title>");
        fs::create_directories(base_ / "www" / "empty");
        write(base_ / "www-private" / "secret.txt", "secret");
        write(base_ / "www.txt", "beside the root");
        fs::create_symlink(base_ / "www-private" / "secret.txt", base_ / "www" / "link.txt");
        fs::create_directory_symlink(base_ / "www-private", base_ / "www" / "linkdir");
        ASSERT_TRUE(server_.start(dir_.file("chimera.db"), {"--static", (base_ / "www").string()}));
    }
    void TearDown() override { EXPECT_TRUE(server_.stop()); }

    std::string raw_get(const std::string& target) {
        return raw_exchange(server_.port(),
                            "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    }

    TempDir dir_;
    fs::path base_;
    ServerProcess server_;
};

TEST_F(StaticSite, TargetsThatAreNotOriginFormAreRefused) {
    for (const std::string target : {"-private/secret.txt", ".txt", "index.html", "*"}) {
        SCOPED_TRACE(target);
        const std::string reply = raw_get(target);
        EXPECT_EQ(raw_status(reply), 400) << reply;
        EXPECT_EQ(reply.find("secret"), std::string::npos);
        EXPECT_EQ(reply.find("beside the root"), std::string::npos);
        EXPECT_NE(reply.find("origin form"), std::string::npos) << reply;
    }
}

TEST_F(StaticSite, OnlyRegularFilesUnderTheRootAreServed) {
    const std::string js = raw_get("/assets/app.js");
    EXPECT_EQ(raw_status(js), 200);
    EXPECT_NE(js.find("text/javascript"), std::string::npos) << js;
    EXPECT_NE(js.find("console.log(1)"), std::string::npos);
    // A directory: its index.html, or 404 when it has none (never an empty 200).
    const std::string docs = raw_get("/docs/");
    EXPECT_EQ(raw_status(docs), 200);
    EXPECT_NE(docs.find("<title>docs</title>"), std::string::npos) << docs;
    EXPECT_EQ(raw_status(raw_get("/assets/")), 404);
    EXPECT_EQ(raw_status(raw_get("/empty")), 404);
    // Symbolic links that leave the root.
    for (const std::string target :
         {"/link.txt", "/linkdir/secret.txt", "/%2e%2e/www-private/secret.txt", "/../www.txt",
          "/assets/../../www.txt"}) {
        SCOPED_TRACE(target);
        const std::string reply = raw_get(target);
        EXPECT_NE(raw_status(reply), 200) << reply;
        EXPECT_EQ(reply.find("secret"), std::string::npos);
        EXPECT_EQ(reply.find("beside the root"), std::string::npos);
    }
    // A client-side route (no extension) gets the application page; a missing file does not.
    const std::string route = raw_get("/game/abc");
    EXPECT_EQ(raw_status(route), 200);
    EXPECT_NE(route.find("<title>app</title>"), std::string::npos);
    EXPECT_EQ(raw_status(raw_get("/assets/missing.js")), 404);
}

// The resolver alone, on the same tree, without a server.
TEST(StaticResolver, ResolvesUnderTheCanonicalRootOnly) {
    TempDir dir;
    const fs::path base(dir.file("r"));
    write(base / "www" / "a.css", "x");
    write(base / "www-private" / "s.txt", "s");
    fs::create_symlink(base / "www-private" / "s.txt", base / "www" / "s.txt");
    server::StaticFile f;
    ASSERT_TRUE(server::resolve_static(base / "www", "/a.css", f));
    EXPECT_EQ(f.type, "text/css; charset=utf-8");
    EXPECT_EQ(f.path, fs::canonical(base / "www" / "a.css"));
    EXPECT_FALSE(server::resolve_static(base / "www", "-private/s.txt", f));
    EXPECT_FALSE(server::resolve_static(base / "www", "/s.txt", f));
    EXPECT_FALSE(server::resolve_static(base / "www", "/", f));  // no index.html here
    EXPECT_FALSE(server::resolve_static(base / "nowhere", "/a.css", f));
    EXPECT_FALSE(server::resolve_static("", "/a.css", f));
}

}  // namespace
}  // namespace chimera::testing
