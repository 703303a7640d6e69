#pragma once
// Whether a line is the request line of HTTP ("POST /x HTTP/1.1"): on the
// line port such a line is a browser's request (a form a web page posts
// across protocols), never a client of the engine, whose commands are
// lowercase words.

#include <algorithm>
#include <string_view>

namespace brudno::protocol {

[[nodiscard]] inline bool is_http_request_line(std::string_view line) {
  const auto first_space = line.find(' ');
  if (first_space == std::string_view::npos || first_space == 0) return false;
  const std::string_view method = line.substr(0, first_space);
  if (!std::all_of(method.begin(), method.end(), [](char c) { return c >= 'A' && c <= 'Z'; })) {
    return false;
  }
  const auto last_space = line.rfind(' ');
  if (last_space == first_space) return false;
  return line.substr(last_space + 1).starts_with("HTTP/");
}

}  // namespace brudno::protocol
