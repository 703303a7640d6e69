// Which file an HTTP path names: the page's own files, its npm packages
// through /vendor/, and nothing else.

#include "protocol/web_files.hpp"

#include <gtest/gtest.h>

namespace brudno::protocol {
namespace {

TEST(WebFiles, ThePageAndItsPackagesAreFound) {
  const auto index = find_web_file("/web", "/");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->path, "/web/index.html");
  EXPECT_EQ(index->relative_path, "index.html");
  EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
  const auto script = find_web_file("/web", "/js/app.js?v=3#top");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->path, "/web/js/app.js");
  EXPECT_EQ(script->content_type, "text/javascript; charset=utf-8");
  const auto package = find_web_file("/web", "/vendor/cm-chessboard/assets/pieces/standard.svg");
  ASSERT_TRUE(package);
  EXPECT_EQ(package->path, "/web/node_modules/cm-chessboard/assets/pieces/standard.svg");
  EXPECT_EQ(package->relative_path, "node_modules/cm-chessboard/assets/pieces/standard.svg");
  EXPECT_EQ(package->content_type, "image/svg+xml");
}

TEST(WebFiles, NothingOutsideThePageIsNamed) {
  for (const char* target :
       {"", "index.html", "/..", "/../etc/passwd.txt", "/js/../../x.js", "/.git/config.json",
        "/js/.hidden.js", "/%2e%2e/x.js", "/a//b.js", "/a/b.js/", "/node_modules/chess.js/x.js",
        "/vendor/other-package/x.js", "/vendor/chess.js/../../x.js", "/app.exe", "/app", "/a b.js",
        "/a\\b.js"}) {
    EXPECT_FALSE(find_web_file("/web", target)) << target;
  }
}

}  // namespace
}  // namespace brudno::protocol
