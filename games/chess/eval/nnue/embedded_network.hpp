#pragma once
// The bytes of games/chess/eval/nnue/default.nnue, built into the binary
// (embed_network.cmake writes their source at build time).

#include <cstdint>
#include <span>

namespace brudno::games::chess::nnue {

std::span<const std::uint8_t> embedded_network_bytes();

}  // namespace brudno::games::chess::nnue
