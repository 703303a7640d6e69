#pragma once
// The browser page's files as `brudno serve --http` answers them: by default
// from the binary, where the build embedded them (no disk read on the
// server's thread, and an installed or moved binary has its page); with
// --web-root from that folder, read at each request, for working on the
// page without rebuilding.

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace brudno::protocol {

struct ServedFile {
  std::string body;
  std::string content_type;
  std::string etag;  // quoted, as the header carries it
};

class WebContent {
 public:
  // The files embedded in the binary.
  WebContent();
  // The files of `web_root` (the page, its packages in node_modules).
  explicit WebContent(std::string web_root);

  // The file a request target names ("/", "/app.js?v=2",
  // "/vendor/chess.js/dist/esm/chess.js"), or nothing (find_web_file()).
  [[nodiscard]] std::optional<ServedFile> find(std::string_view target) const;

 private:
  struct Embedded {
    std::string_view bytes;
    std::string etag;
  };
  std::optional<std::string> web_root_;                    // set: from disk
  std::map<std::string, Embedded, std::less<>> embedded_;  // by path below protocol/web
};

// A strong ETag for `bytes` (a 64-bit FNV-1a hash, quoted).
[[nodiscard]] std::string etag_of(std::string_view bytes);

}  // namespace brudno::protocol
