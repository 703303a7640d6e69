#include "protocol/mate_proofs.hpp"

#include "engine/proof_checker.hpp"
#include "games/chess/mate/mate_proof.hpp"

namespace brudno::protocol {

std::variant<MateProofs, std::string> prove_mates(const games::Chess& root, int moves,
                                                  bool every_key, const std::atomic<bool>& stop,
                                                  std::size_t table_megabytes,
                                                  std::size_t max_positions) {
  games::chess::MateSearch search(root, stop, table_megabytes);
  MateProofs proved;
  if (every_key) {
    proved.keys = search.all_keys(moves);
  } else if (const auto key = search.first_key(moves)) {
    proved.keys.push_back(*key);
  }
  if (search.stopped()) return std::string("stopped before the mate search was done");
  if (proved.keys.empty()) return "no mate in " + std::to_string(moves);

  proved.document = ProofDocument{std::string(games::Chess::kName),
                                  root.to_text(),
                                  engine::win_in(2 * proved.keys.front().moves - 1),
                                  {},
                                  {}};
  for (const auto& key : proved.keys) {
    auto built = games::chess::build_mate_proof(search, key.move, key.moves, max_positions);
    if (auto* problem = std::get_if<std::string>(&built)) {
      return "cannot prove the mate of " + games::Chess::move_text(key.move) + ": " + *problem;
    }
    auto& proof = std::get<engine::Proof>(built);
    // Never hand out what the independent checker rejects.
    if (auto problem = engine::check_proof(root, proof, &stop)) {
      if (stop.load()) return std::string("stopped before the proof was checked");
      return "the proof of " + games::Chess::move_text(key.move) + " fails its check: " + *problem;
    }
    proved.document.proofs.push_back(std::move(proof));
  }
  return proved;
}

}  // namespace brudno::protocol
