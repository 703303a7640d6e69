// The process's network and the `Use NNUE` switch.

#include "games/chess/nnue/active_network.hpp"

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

#include "games/chess/nnue/embedded_network.hpp"

namespace brudno::games::chess::nnue {
namespace {

std::atomic<const Network*> current{nullptr};
std::atomic<bool> enabled{false};

// Every network loaded, kept for the process's life (active_network.hpp).
std::mutex loaded_mutex;
std::vector<std::unique_ptr<const Network>>& loaded() {
  static std::vector<std::unique_ptr<const Network>> networks;
  return networks;
}

const Network* current_or_embedded() {
  const Network* network = current.load(std::memory_order_acquire);
  return network ? network : &embedded_network();
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

const Network* network_in_use() {
  if (!enabled.load(std::memory_order_relaxed)) return nullptr;
  return current_or_embedded();
}

void use_network(bool on) {
  if (on) (void)current_or_embedded();  // parsed before a search needs it
  enabled.store(on, std::memory_order_relaxed);
}

bool network_enabled() {
  return enabled.load(std::memory_order_relaxed);
}

const Network& current_network() {
  return *current_or_embedded();
}

std::optional<std::string> load_network(const std::string& path) {
  if (path == kEmbeddedNetworkName) {
    current.store(&embedded_network(), std::memory_order_release);
    return std::nullopt;
  }
  std::string error;
  auto network = read_network_file(path, error);
  if (!network) return error;
  const std::lock_guard lock(loaded_mutex);
  loaded().push_back(std::make_unique<const Network>(std::move(*network)));
  current.store(loaded().back().get(), std::memory_order_release);
  return std::nullopt;
}

}  // namespace brudno::games::chess::nnue
