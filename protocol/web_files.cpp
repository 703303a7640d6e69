#include "protocol/web_files.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace brudno::protocol {
namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kContentTypes = {{
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".json", "application/json"},
    {".map", "application/json"},
    {".woff2", "font/woff2"},
    {".txt", "text/plain; charset=utf-8"},
}};

std::optional<std::string_view> content_type_of(std::string_view path) {
  for (const auto& [extension, type] : kContentTypes) {
    if (path.ends_with(extension)) return type;
  }
  return std::nullopt;
}

// Letters, digits and "-_." only, not starting with a dot: no "..", no
// hidden files, nothing a shell or a file system reads specially.
bool is_plain_name(std::string_view segment) {
  if (segment.empty() || segment.front() == '.') return false;
  return std::all_of(segment.begin(), segment.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

bool is_plain_path(std::string_view path) {
  while (true) {
    const auto slash = path.find('/');
    if (!is_plain_name(path.substr(0, slash))) return false;
    if (slash == std::string_view::npos) return true;
    path.remove_prefix(slash + 1);
  }
}

}  // namespace

std::optional<WebFile> find_web_file(const std::string& web_root, std::string_view target) {
  target = target.substr(0, target.find_first_of("?#"));
  if (!target.starts_with('/')) return std::nullopt;
  std::string_view path = target.substr(1);
  if (path.empty()) path = "index.html";
  if (!is_plain_path(path)) return std::nullopt;
  const auto type = content_type_of(path);
  if (!type) return std::nullopt;
  constexpr std::string_view kVendor = "vendor/";
  if (path.starts_with(kVendor)) {
    const std::string_view rest = path.substr(kVendor.size());
    const std::string_view package = rest.substr(0, rest.find('/'));
    if (std::find(std::begin(kVendorPackages), std::end(kVendorPackages), package) ==
        std::end(kVendorPackages)) {
      return std::nullopt;
    }
    const std::string relative = "node_modules/" + std::string(rest);
    return WebFile{web_root + "/" + relative, relative, std::string(*type)};
  }
  if (path.starts_with("node_modules/")) return std::nullopt;  // only through /vendor/
  return WebFile{web_root + "/" + std::string(path), std::string(path), std::string(*type)};
}

}  // namespace brudno::protocol
