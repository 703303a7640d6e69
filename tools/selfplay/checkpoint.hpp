#pragma once
// The checkpoint of a `brudno selfplay` run: how far it got after its last
// finished game (games played, positions written, the output's size) and the
// arguments that decide what it writes, so that a rerun with the same
// arguments goes on from there and a rerun with others is refused.
//
// A short text file, written beside itself and renamed over the old one, so
// that a run killed while writing it leaves the previous checkpoint whole.

#include <cstdint>
#include <optional>
#include <string>

namespace brudno::tools::selfplay {

struct Checkpoint {
  std::string arguments;  // the run's output-deciding arguments, one line
  std::uint64_t games = 0;
  std::uint64_t positions = 0;
  std::uint64_t bytes = 0;  // the output's size after the last finished game
};

// Nothing when `path` does not exist; with `error` set too when it exists
// but cannot be read as a checkpoint.
std::optional<Checkpoint> read_checkpoint(const std::string& path, std::string& error);

// False, with `error` set, when it cannot be written.
bool write_checkpoint(const std::string& path, const Checkpoint& checkpoint, std::string& error);

}  // namespace brudno::tools::selfplay
