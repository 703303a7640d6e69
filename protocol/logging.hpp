#pragma once
#include <optional>
#include <string>

namespace brudno::protocol {

// Routes spdlog to stderr, or to `file` when given: stdout is the protocol.
// Returns an error message for an unknown level or an unwritable file.
std::optional<std::string> configure_logging(const std::string& level,
                                             const std::optional<std::string>& file);

}  // namespace brudno::protocol
