#include "protocol/proof_json.hpp"

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "protocol/info_format.hpp"

namespace brudno::protocol {
namespace {

using nlohmann::json;

constexpr const char* kFormat = "brudno-proof-1";

// An integer of type T at `path`, or an error naming the path: a float, or
// a number out of T's range, is refused rather than converted (nlohmann's
// get<T>() would turn 5294967291 or 999999995.7 into a valid-looking score).
template <class T>
T read_integer(const json& value, const std::string& path) {
  const auto refuse = [&] {
    throw std::runtime_error(path + ": " + value.dump() + " is not an integer from " +
                             std::to_string(std::numeric_limits<T>::min()) + " to " +
                             std::to_string(std::numeric_limits<T>::max()));
  };
  if (value.is_number_unsigned()) {
    const auto number = value.get<std::uint64_t>();
    if (number > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) refuse();
    return static_cast<T>(number);
  }
  if (!value.is_number_integer()) refuse();
  const auto number = value.get<std::int64_t>();
  if (number < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
      (number > 0 && static_cast<std::uint64_t>(number) >
                         static_cast<std::uint64_t>(std::numeric_limits<T>::max()))) {
    refuse();
  }
  return static_cast<T>(number);
}

// A score: an integer within the engine's range of values.
engine::Score read_score(const json& value, const std::string& path) {
  const auto score = read_integer<engine::Score>(value, path);
  if (score < -engine::kWin || score > engine::kWin) {
    throw std::runtime_error(path + ": " + value.dump() + " is outside the scores from " +
                             std::to_string(-engine::kWin) + " to " + std::to_string(engine::kWin));
  }
  return score;
}

const char* claim_name(engine::ProofClaim claim) {
  return claim == engine::ProofClaim::kAtLeast ? "at least" : "at most";
}

json proof_to_json(const engine::Proof& proof) {
  json nodes = json::array();
  for (const auto& node : proof.nodes) {
    if (node.leaf_value) {
      nodes.push_back({{"value", *node.leaf_value}});
      continue;
    }
    json moves = json::array();
    for (const auto& [move, child] : node.moves) moves.push_back(json::array({move, child}));
    nodes.push_back(std::move(moves));
  }
  return {{"claim", claim_name(proof.claim)},
          {"bound", proof.bound},
          {"bound_uci", format_score(proof.bound)},
          {"positions", proof.positions()},
          {"moves", proof.moves_written()},
          {"root", proof.root},
          {"nodes", std::move(nodes)}};
}

// The counts and UCI texts are written for people. Where they disagree with
// the nodes the file has been edited or damaged: say so (`faults`), rather
// than let a reader trust the wrong numbers.
void check_written_summary(const json& object, const engine::Proof& proof, const std::string& which,
                           std::vector<std::string>& faults) {
  const auto check_count = [&](const char* key, std::size_t actual, const char* what) {
    if (!object.contains(key)) return;
    const auto written = read_integer<std::size_t>(object.at(key), which + key);
    if (written != actual) {
      faults.push_back(which + "\"" + key + "\" says " + std::to_string(written) +
                       " but the proof has " + std::to_string(actual) + " " + what);
    }
  };
  check_count("positions", proof.positions(), "nodes");
  check_count("moves", proof.moves_written(), "moves");
  if (object.contains("bound_uci") &&
      object.at("bound_uci").get<std::string>() != format_score(proof.bound)) {
    faults.push_back(which + "\"bound_uci\" says " + object.at("bound_uci").dump() +
                     " but the bound " + std::to_string(proof.bound) + " is " +
                     format_score(proof.bound));
  }
}

// `path` names the proof in messages: `proofs[0]`.
engine::Proof proof_from_json(const json& object, const std::string& path) {
  engine::Proof proof;
  const auto claim = object.at("claim").get<std::string>();
  if (claim != "at least" && claim != "at most") {
    throw std::runtime_error(path + ".claim must be \"at least\" or \"at most\", not \"" + claim +
                             "\"");
  }
  proof.claim = claim == "at least" ? engine::ProofClaim::kAtLeast : engine::ProofClaim::kAtMost;
  proof.bound = read_score(object.at("bound"), path + ".bound");
  proof.root = read_integer<int>(object.at("root"), path + ".root");
  const json& nodes = object.at("nodes");
  for (std::size_t n = 0; n < nodes.size(); ++n) {
    const json& node = nodes[n];
    const std::string at = path + ".nodes[" + std::to_string(n) + "]";
    engine::ProofNode parsed;
    if (node.is_object()) {
      parsed.leaf_value = read_score(node.at("value"), at + ".value");
      proof.nodes.push_back(std::move(parsed));
      continue;
    }
    if (!node.is_array())
      throw std::runtime_error(at + ": a node must be a list of moves or {\"value\": v}");
    for (std::size_t m = 0; m < node.size(); ++m) {
      const json& move = node[m];
      const std::string move_at = at + "[" + std::to_string(m) + "]";
      if (!move.is_array() || move.size() != 2)
        throw std::runtime_error(move_at + ": a move must be [text, child]");
      parsed.moves.emplace_back(move.at(0).get<std::string>(),
                                read_integer<int>(move.at(1), move_at + "[1]"));
    }
    proof.nodes.push_back(std::move(parsed));
  }
  return proof;
}

}  // namespace

std::string write_proof_document(const ProofDocument& document, bool one_line) {
  json proofs = json::array();
  for (const auto& proof : document.proofs) proofs.push_back(proof_to_json(proof));
  json object = {{"format", kFormat},
                 {"game", document.game},
                 {"position", document.position},
                 {"value", document.value},
                 {"value_uci", format_score(document.value)},
                 {"proofs", std::move(proofs)}};
  if (one_line) return object.dump();

  // For files: the same JSON with one proof node per line, so a person can
  // read it, diff it and damage it by hand.
  std::string text = "{\n";
  // Appends one `"key": value` line per member, leaving out `skip`.
  const auto add_members = [&text](const json& members, std::string_view indent,
                                   std::string_view skip) {
    for (const auto& [key, value] : members.items()) {
      if (key == skip) continue;
      text.append(indent).append(json(key).dump()).append(": ").append(value.dump()).append(",\n");
    }
  };
  add_members(object, " ", "proofs");
  text += " \"proofs\": [\n";
  const json& all_proofs = object["proofs"];
  for (std::size_t p = 0; p < all_proofs.size(); ++p) {
    text += "  {\n";
    add_members(all_proofs[p], "   ", "nodes");
    text += "   \"nodes\": [\n";
    const json& nodes = all_proofs[p]["nodes"];
    for (std::size_t n = 0; n < nodes.size(); ++n) {
      text.append("    ").append(nodes[n].dump()).append(n + 1 < nodes.size() ? ",\n" : "\n");
    }
    text.append("   ]\n  }").append(p + 1 < all_proofs.size() ? ",\n" : "\n");
  }
  text += " ]\n}\n";
  return text;
}

std::variant<ProofDocument, std::string> read_proof_document(const std::string& text) {
  try {
    const json object = json::parse(text);
    if (object.at("format") != kFormat) return std::string("not a ") + kFormat + " document";
    ProofDocument document;
    document.game = object.at("game").get<std::string>();
    document.position = object.at("position").get<std::string>();
    document.value = read_score(object.at("value"), "value");
    if (object.contains("value_uci") &&
        object.at("value_uci").get<std::string>() != format_score(document.value)) {
      document.summary_faults.push_back("\"value_uci\" says " + object.at("value_uci").dump() +
                                        " but the value " + std::to_string(document.value) +
                                        " is " + format_score(document.value));
    }
    for (const auto& proof : object.at("proofs")) {
      document.proofs.push_back(
          proof_from_json(proof, "proofs[" + std::to_string(document.proofs.size()) + "]"));
      check_written_summary(proof, document.proofs.back(),
                            "proof " + std::to_string(document.proofs.size()) + ": ",
                            document.summary_faults);
    }
    return document;
  } catch (const std::exception& e) {
    return std::string("malformed proof: ") + e.what();
  }
}

std::string describe_proof(const engine::Proof& proof) {
  return std::string(claim_name(proof.claim)) + ' ' + std::to_string(proof.bound) + " (" +
         format_score(proof.bound) + "): " + std::to_string(proof.positions()) + " positions, " +
         std::to_string(proof.moves_written()) + " moves";
}

}  // namespace brudno::protocol
