#pragma once
// Client text quoted in replies. A reply names what was wrong, but a client
// may send a megabyte line or bytes a terminal would act on: replies show a
// short, printable excerpt of it, never the raw text.

#include <cstddef>
#include <string>
#include <string_view>

namespace brudno::protocol {

// At most this many characters of client text in one reply.
inline constexpr std::size_t kMaxQuotedCharacters = 60;

// The text with every byte outside printable ASCII written `\xNN`, cut after
// `limit` characters of that, with `...` where it was cut.
std::string printable_excerpt(std::string_view text, std::size_t limit = kMaxQuotedCharacters);

// The excerpt in single quotes: `'e2e4'`.
std::string quoted_excerpt(std::string_view text);

}  // namespace brudno::protocol
