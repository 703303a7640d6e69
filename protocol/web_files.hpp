#pragma once
// Which file of the browser page an HTTP path names. Only plain names under
// the page's folder, and under node_modules only the packages the page
// imports, are served: a path that climbs out (`..`), hides (`.name`) or asks
// for another type of file names nothing.

#include <optional>
#include <string>
#include <string_view>

namespace brudno::protocol {

struct WebFile {
  std::string path;           // on disk: web_root and the relative path
  std::string relative_path;  // below the page's folder ("node_modules/chess.js/...")
  std::string content_type;   // for the Content-Type header
};

// The npm packages the page loads, served under /vendor/<package>/.
inline constexpr std::string_view kVendorPackages[] = {"cm-chessboard", "chess.js"};

// `target` is the request target ("/", "/app.js?v=2", "/vendor/chess.js/dist/esm/chess.js").
// Nothing when it names no file the page may have (whether or not it exists).
[[nodiscard]] std::optional<WebFile> find_web_file(const std::string& web_root,
                                                   std::string_view target);

}  // namespace brudno::protocol
