// The built-in network and the networks loaded from files.

#include "games/chess/eval/nnue/active_network.hpp"

#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

#include "games/chess/eval/nnue/embedded_network.hpp"

namespace brudno::games::chess::nnue {
namespace {

// Every network loaded, kept for the process's life (active_network.hpp).
std::mutex loaded_mutex;
std::vector<std::unique_ptr<const Network>>& loaded() {
  static std::vector<std::unique_ptr<const Network>> networks;
  return networks;
}

}  // namespace

const Network& embedded_network() {
  static const Network network = [] {
    std::string error;
    auto parsed = parse_network(embedded_network_bytes(), kEmbeddedNetworkName, error);
    // The build checks the file (games/chess/CMakeLists.txt embeds it, the
    // tests read it): a binary whose own network is bad is a broken build.
    if (!parsed) std::abort();
    return std::move(*parsed);
  }();
  return network;
}

LoadedNetwork load_network(const std::string& path) {
  if (path == kEmbeddedNetworkName) return {&embedded_network(), {}};
  std::string error;
  auto network = read_network_file(path, error);
  if (!network) return {nullptr, error};
  const std::lock_guard lock(loaded_mutex);
  loaded().push_back(std::make_unique<const Network>(std::move(*network)));
  return {loaded().back().get(), {}};
}

}  // namespace brudno::games::chess::nnue
