#include "protocol/client_text.hpp"

namespace brudno::protocol {

std::string printable_excerpt(std::string_view text, std::size_t limit) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string excerpt;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool printable = byte >= 0x20 && byte < 0x7f;
    const std::size_t width = printable ? 1 : 4;
    if (excerpt.size() + width > limit) {
      excerpt += "...";
      return excerpt;
    }
    if (printable) {
      excerpt += static_cast<char>(byte);
    } else {
      excerpt += "\\x";
      excerpt += kHex[byte >> 4];
      excerpt += kHex[byte & 15];
    }
  }
  return excerpt;
}

std::string quoted_excerpt(std::string_view text) {
  // Appended, not `"'" + excerpt + "'"`: GCC 12 at -O3 warns falsely
  // (-Wrestrict) on that chain of string additions.
  std::string quoted = "'";
  quoted += printable_excerpt(text);
  quoted += '\'';
  return quoted;
}

}  // namespace brudno::protocol
