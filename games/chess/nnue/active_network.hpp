#pragma once
// The network the engine evaluates with, one for the process: the network
// built into the binary (default.nnue, embedded_network.hpp) until `EvalFile`
// loads another, used when `Use NNUE` is on. Process-wide, as the search's
// evaluate() takes no argument to carry it: in `brudno serve` every client
// shares the choice (docs/nnue.md, "Inference").
//
// A loaded network is kept until the process ends, so a search that still
// reads the one before never sees it freed; each load costs the network's
// size (half a megabyte at H = 256).

#include <optional>
#include <string>

#include "games/chess/nnue/network.hpp"

namespace brudno::games::chess::nnue {

// The network evaluate() uses now: null when `Use NNUE` is off.
const Network* network_in_use();

// `Use NNUE`: the network (true) or the hand-written evaluation (false, the default).
void use_network(bool on);
bool network_enabled();

// The network that `Use NNUE` selects (the embedded one until a load).
const Network& current_network();

// `EvalFile`: reads a network file and makes it the current network. On a
// missing, unreadable or malformed file it returns the fault and the current
// network stays. "<embedded>" selects the built-in network again.
std::optional<std::string> load_network(const std::string& path);

// The built-in network.
const Network& embedded_network();

inline constexpr const char* kEmbeddedNetworkName = "<embedded>";

}  // namespace brudno::games::chess::nnue
