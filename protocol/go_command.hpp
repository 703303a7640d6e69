#pragma once
// Parsing the limits of a `go` command.

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/search_limits.hpp"

namespace brudno::protocol {

// The limits, or a message saying what was wrong with the command.
std::variant<engine::SearchLimits, std::string> parse_go(
    const std::vector<std::string_view>& words);

}  // namespace brudno::protocol
