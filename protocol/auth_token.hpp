#pragma once
// Token comparison for `auth <token>`: the time taken does not depend on where
// the first difference is, so a remote client cannot guess a token byte by byte.

#include <string_view>

namespace brudno::protocol {

inline bool tokens_match(std::string_view given, std::string_view expected) {
  // Every byte of the longer string is looked at whatever the contents.
  const std::size_t length = given.size() > expected.size() ? given.size() : expected.size();
  unsigned difference = given.size() == expected.size() ? 0U : 1U;
  for (std::size_t i = 0; i < length; ++i) {
    const auto a = static_cast<unsigned char>(i < given.size() ? given[i] : 0);
    const auto b = static_cast<unsigned char>(i < expected.size() ? expected[i] : 0);
    difference |= static_cast<unsigned>(a ^ b);
  }
  return difference == 0;
}

}  // namespace brudno::protocol
