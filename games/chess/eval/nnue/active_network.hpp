#pragma once
// The networks a process holds: the one built into the binary
// (default.nnue, embedded_network.hpp) and every network file loaded since
// (`EvalFile`, `--nnue FILE`). A position evaluates with the network set on
// it (Chess::set_network); a session sets its own (`Use NNUE`, `EvalFile`),
// so two clients of `brudno serve` need not share one (docs/nnue.md,
// "Using a network").
//
// A loaded network is kept until the process ends, so a search that still
// reads the one a session used before never sees it freed; each load costs
// the network's size (half a megabyte at H = 256).

#include <string>

#include "games/chess/eval/nnue/network.hpp"

namespace brudno::games::chess::nnue {

// The built-in network.
const Network& embedded_network();

inline constexpr const char* kEmbeddedNetworkName = "<embedded>";

// A network read, or why not.
struct LoadedNetwork {
  const Network* network = nullptr;  // null on a fault
  std::string fault;                 // a missing, unreadable or malformed file
};

// Reads a network file and keeps it; "<embedded>" names the built-in network.
LoadedNetwork load_network(const std::string& path);

}  // namespace brudno::games::chess::nnue
