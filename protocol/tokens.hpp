#pragma once
// Splitting protocol lines into words and reading numbers out of them.

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace brudno::protocol {

std::vector<std::string_view> split_words(std::string_view line);

// Joins words[first, last) with single spaces.
std::string join_words(const std::vector<std::string_view>& words, std::size_t first,
                       std::size_t last);

// ASCII case-insensitive comparison, as UCI option names are compared.
bool equals_ignoring_case(std::string_view a, std::string_view b);

// A UCI check option's value: true or false, in any case, as GUIs differ.
std::optional<bool> read_check_value(std::string_view value);

// Is the text an integer in form (an optional '-', then digits), whatever its size?
bool is_integer_text(std::string_view text);

template <class Integer>
std::optional<Integer> parse_integer(std::string_view text) {
  Integer value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace brudno::protocol
