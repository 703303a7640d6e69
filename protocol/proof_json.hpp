#pragma once
// The machine-readable form of proofs (docs/protocol.md, "Proof format"):
// one JSON document with the game, the position, its value and both proofs.

#include <string>
#include <variant>
#include <vector>

#include "engine/proof.hpp"

namespace brudno::protocol {

struct ProofDocument {
  std::string game;
  std::string position;
  engine::Score value = 0;
  std::vector<engine::Proof> proofs;
  // Read from a file: where its summary for people (`positions`, `moves`,
  // `value_uci`, `bound_uci`) disagrees with the rest of it. Empty when written.
  std::vector<std::string> summary_faults;
};

// One line, as the protocol's `proof` reply; otherwise one proof node per line.
std::string write_proof_document(const ProofDocument& document, bool one_line = true);

// The document, or what is wrong with the text.
std::variant<ProofDocument, std::string> read_proof_document(const std::string& text);

// "at least 0 (cp 0): 12 positions, 20 moves" for people.
std::string describe_proof(const engine::Proof& proof);

}  // namespace brudno::protocol
