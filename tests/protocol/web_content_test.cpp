// The page's files as the server answers them: built into the binary, or
// read from a folder; their ETags; and the page's Content-Security-Policy.

#include "protocol/web_content.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "protocol/embedded_web_files.hpp"
#include "protocol/page_headers.hpp"

namespace brudno::protocol {
namespace {

TEST(WebContent, ThePageIsBuiltIntoTheBinary) {
  const WebContent web;
  const auto index = web.find("/");
  ASSERT_TRUE(index);
  EXPECT_NE(index->body.find("<!doctype html>"), std::string::npos);
  EXPECT_EQ(index->content_type, "text/html; charset=utf-8");
  EXPECT_EQ(index->etag, etag_of(index->body));
  ASSERT_TRUE(web.find("/app.js"));
  EXPECT_FALSE(web.find("/package.json"));  // not a file of the page
  EXPECT_FALSE(web.find("/../CMakeLists.txt"));
  // The packages are there when they were installed at build time.
  EXPECT_EQ(web.find("/vendor/chess.js/dist/esm/chess.js").has_value(), embedded_web_packages());
}

TEST(WebContent, WithAFolderItsFilesAreReadAtEachRequest) {
  const auto root =
      std::filesystem::temp_directory_path() / ("brudno-web-content-" + std::to_string(::getpid()));
  std::filesystem::create_directories(root);
  std::ofstream(root / "index.html") << "first";
  const WebContent web(root.string());
  const auto first = web.find("/");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->body, "first");
  std::ofstream(root / "index.html") << "second";
  const auto second = web.find("/?v=2");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->body, "second");
  EXPECT_NE(first->etag, second->etag);
  EXPECT_FALSE(web.find("/app.js"));
  std::filesystem::remove_all(root);
}

TEST(WebContent, AnEtagIsAQuotedHashOfTheBytes) {
  EXPECT_EQ(etag_of(""), "\"cbf29ce484222325\"");  // FNV-1a's offset basis
  EXPECT_EQ(etag_of("a"), etag_of("a"));
  EXPECT_NE(etag_of("a"), etag_of("b"));
}

TEST(PageHeaders, InlineScriptsAreAllowedByTheirHashAndNoneElse) {
  // SHA-256 of the empty string, in base64.
  const std::string empty_script = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";
  const auto policy = content_security_policy(
      "<script type=\"importmap\"></script><script src=\"app.js\"></script>");
  EXPECT_NE(policy.find("script-src 'self' " + empty_script + ";"), std::string::npos) << policy;
  EXPECT_NE(policy.find("frame-ancestors 'none'"), std::string::npos);
  EXPECT_NE(policy.find("object-src 'none'"), std::string::npos);
  EXPECT_NE(content_security_policy("<p>no script</p>").find("script-src 'self';"),
            std::string::npos);
}

}  // namespace
}  // namespace brudno::protocol
