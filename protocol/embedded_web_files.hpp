#pragma once
// The browser page's files as the build embedded them in the binary
// (protocol/embed_web_files.cmake): the page itself and the files of the npm
// packages it loads, each under its path below protocol/web
// ("index.html", "node_modules/chess.js/dist/esm/chess.js").

#include <span>
#include <string_view>

namespace brudno::protocol {

struct EmbeddedWebFile {
  std::string_view path;
  std::string_view bytes;
};

[[nodiscard]] std::span<const EmbeddedWebFile> embedded_web_files();
// Whether the page's npm packages were installed (tools/setup.sh) when the
// binary was built, and so are among the files: without them the board
// cannot load.
[[nodiscard]] bool embedded_web_packages();

}  // namespace brudno::protocol
