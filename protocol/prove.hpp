#pragma once
// Solving a position exactly and proving its value: both proof trees, built
// from the position down to finished games and checked before they are handed out.

#include <atomic>
#include <string>
#include <variant>

#include "engine/proof_builder.hpp"
#include "engine/proof_checker.hpp"
#include "engine/search.hpp"
#include "protocol/proof_json.hpp"

namespace brudno::protocol {

template <engine::Game G>
std::variant<ProofDocument, std::string> solve_and_prove(
    const G& root, engine::TranspositionTable& table, const std::atomic<bool>& stop,
    std::size_t max_positions = engine::kDefaultMaxProofPositions) {
  engine::SearchLimits limits;
  limits.solve = true;
  const auto result = engine::Search<G>(table).run(root, limits, stop);
  if (stop.load()) return std::string("stopped before the proof was complete");
  if (!result.exact) return std::string("the position could not be solved exactly");

  ProofDocument document{std::string(G::kName), root.to_text(), result.score, {}, {}};
  engine::ProofBuilder<G> builder(root, table, stop, max_positions);
  for (const auto claim : {engine::ProofClaim::kAtLeast, engine::ProofClaim::kAtMost}) {
    auto built = builder.build(claim, result.score);
    if (auto* problem = std::get_if<std::string>(&built))
      return "cannot prove the value: " + *problem;
    auto& proof = std::get<engine::Proof>(built);
    // Never hand out what the independent checker rejects.
    if (auto problem = engine::check_proof(root, proof, &stop)) {
      if (stop.load()) return std::string("stopped before the proof was complete");
      return "built proof fails its check: " + *problem;
    }
    document.proofs.push_back(std::move(proof));
  }
  return document;
}

}  // namespace brudno::protocol
