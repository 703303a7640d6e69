// libFuzzer target: proof documents, as `brudno check-proof` reads them from
// a file anyone may have written. Each input is one document; when it reads,
// its proofs are checked against the game it names (chess mates, tic-tac-toe
// and Connect Four values) by the rules alone. Nothing in it may crash the
// reader or the checker, hang them, or make a proof pass that the checker
// itself finds broken on a second look.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "engine/proof_checker.hpp"
#include "games/chess/chess.hpp"
#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/proof_json.hpp"

namespace {

template <class G>
void check_all(const brudno::protocol::ProofDocument& document) {
  const auto root = G::parse(document.position);
  if (!root) return;
  for (const auto& proof : document.proofs) {
    const auto first = brudno::engine::check_proof(*root, proof);
    // The checker keeps nothing between runs: the same proof, the same verdict.
    if (first != brudno::engine::check_proof(*root, proof)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto read = brudno::protocol::read_proof_document(text);
  const auto* document = std::get_if<brudno::protocol::ProofDocument>(&read);
  if (document == nullptr) return 0;
  if (document->game == "chess") {
    check_all<brudno::games::Chess>(*document);
  } else if (document->game == "tictactoe") {
    check_all<brudno::games::TicTacToe>(*document);
  } else if (document->game == "connect4") {
    check_all<brudno::games::ConnectFour>(*document);
  }
  return 0;
}
