#include "protocol/web_content.hpp"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>

#include "protocol/embedded_web_files.hpp"
#include "protocol/web_files.hpp"

namespace brudno::protocol {

std::string etag_of(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return '"' + std::string(text) + '"';
}

WebContent::WebContent() {
  for (const auto& file : embedded_web_files()) {
    embedded_.emplace(std::string(file.path), Embedded{file.bytes, etag_of(file.bytes)});
  }
}

WebContent::WebContent(std::string web_root) : web_root_(std::move(web_root)) {}

std::optional<ServedFile> WebContent::find(std::string_view target) const {
  const auto file = find_web_file(web_root_.value_or(""), target);
  if (!file) return std::nullopt;
  if (!web_root_) {
    const auto embedded = embedded_.find(file->relative_path);
    if (embedded == embedded_.end()) return std::nullopt;
    return ServedFile{std::string(embedded->second.bytes), file->content_type,
                      embedded->second.etag};
  }
  std::ifstream in(file->path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string body{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::string etag = etag_of(body);
  return ServedFile{std::move(body), file->content_type, std::move(etag)};
}

}  // namespace brudno::protocol
