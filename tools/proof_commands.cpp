// `brudno prove` and `brudno check-proof`: proofs on the command line.

#include <algorithm>
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/proof_checker.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "protocol/game_list.hpp"
#include "protocol/game_searches.hpp"
#include "protocol/info_format.hpp"
#include "protocol/prove.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;

std::string game_list_text() {
  std::string text;
  for (const auto name : protocol::AllGames::kNames)
    text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

// `brudno prove` for one game: the exit status.
template <engine::Game G>
int prove_game(const po::variables_map& vm, std::size_t hash, std::size_t max_positions,
               std::ostream& out, std::ostream& err) {
  const auto root = vm.count("position") ? G::parse(vm["position"].as<std::string>())
                                         : std::optional<G>(G::start_position());
  if (!root) {
    err << "brudno: bad " << G::kName << " position '" << vm["position"].as<std::string>() << "'\n";
    return 2;
  }
  engine::TranspositionTable table(hash);
  const std::atomic<bool> stop{false};
  auto proved = protocol::solve_and_prove(*root, table, stop, max_positions);
  if (const auto* problem = std::get_if<std::string>(&proved)) {
    err << "brudno: " << *problem << '\n';
    return 1;
  }
  const auto& document = std::get<protocol::ProofDocument>(proved);
  const std::string text = protocol::write_proof_document(document, false);
  if (vm.count("out")) {
    std::ofstream file(vm["out"].as<std::string>());
    if (!(file << text)) {
      err << "brudno: cannot write " << vm["out"].as<std::string>() << '\n';
      return 1;
    }
    out << "value " << protocol::format_score(document.value) << '\n';
    for (const auto& proof : document.proofs)
      out << "proof " << protocol::describe_proof(proof) << '\n';
  } else {
    out << text;
  }
  return 0;
}

}  // namespace

int run_prove(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description options(
      "Usage: brudno prove [--game G] [--position TEXT] [--out FILE]\n"
      "Solves the position exactly and writes both proof trees as JSON (docs/protocol.md)");
  options.add_options()("help,h", "show this help")(
      "game", po::value<std::string>()->default_value(std::string(games::TicTacToe::kName)),
      ("the game: " + game_list_text()).c_str())(
      "position", po::value<std::string>(),
      "the game's position text (default: the start position)")(
      "out", po::value<std::string>(), "write the proof here instead of standard output")(
      "hash", po::value<Count>()->default_value(Count{64}), "transposition table size in MB")(
      "max-positions", po::value<Count>()->default_value(Count{engine::kDefaultMaxProofPositions}),
      "give up, saying so, on a proof that would hold more positions than this");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "prove", options, vm, out, err)) return *status;
  const auto hash = vm["hash"].as<Count>().value;
  if (hash < 1 || hash > engine::TranspositionTable::kMaxMegabytes) {
    err << "brudno: --hash must be from 1 to " << engine::TranspositionTable::kMaxMegabytes
        << " (MB), got " << hash << '\n';
    return 2;
  }
  const auto max_positions = vm["max-positions"].as<Count>().value;
  if (max_positions < 1) {
    err << "brudno: --max-positions must be at least 1\n";
    return 2;
  }

  int status = 0;
  const std::string game = vm["game"].as<std::string>();
  const bool known = protocol::AllGames::visit(game, [&]<engine::Game G>() {
    if constexpr (engine::HasPlyBound<G>) {
      status = prove_game<G>(vm, hash, max_positions, out, err);
    } else {
      err << "brudno: " << game << " has no bound on its length: its positions are not solved "
          << "to the end, so there is nothing to prove\n";
      status = 2;
    }
  });
  if (!known) {
    err << "brudno: unknown game '" << game << "' (" << game_list_text() << ")\n";
    return 2;
  }
  return status;
}

int run_check_proof(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description options(
      "Usage: brudno check-proof [--game G] FILE\n"
      "Verifies a proof with the game's rules alone; exits 1 naming the fault when it fails");
  options.add_options()("help,h", "show this help")(
      "game", po::value<std::string>(),
      "the game the proof must be for (default: the one it names)");
  std::string path;
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "check-proof", options, vm, out, err,
                                             PositionalArgument{"file", &path})) {
    return *status;
  }
  const auto& names = protocol::AllGames::kNames;
  if (vm.count("game") &&
      std::find(names.begin(), names.end(), vm["game"].as<std::string>()) == names.end()) {
    err << "brudno: unknown game '" << vm["game"].as<std::string>() << "' (" << game_list_text()
        << ")\n";
    return 2;
  }
  if (path.empty()) {
    err << "brudno: check-proof needs a FILE\n" << options;
    return 2;
  }
  auto file = open_input_file(path, err);
  if (!file) return 2;
  std::stringstream text;
  text << file->rdbuf();
  auto read = protocol::read_proof_document(text.str());
  if (const auto* problem = std::get_if<std::string>(&read)) {
    err << "brudno: " << path << ": " << *problem << '\n';
    return 1;
  }
  const auto& document = std::get<protocol::ProofDocument>(read);
  if (vm.count("game") && vm["game"].as<std::string>() != document.game) {
    err << "brudno: the proof is for " << document.game << ", not " << vm["game"].as<std::string>()
        << '\n';
    return 1;
  }

  int status = 0;
  const bool known = protocol::AllGames::visit(document.game, [&]<engine::Game G>() {
    if constexpr (engine::HasChance<G>) {
      // A proof tree is a strategy against every reply; chance's replies
      // are averaged, not fought, so no such tree proves a value there.
      err << "brudno: " << document.game << " has chance nodes: its values are not proven\n";
      status = 1;
      return;
    }
    const auto root = G::parse(document.position);
    if (!root) {
      err << "brudno: bad " << document.game << " position '" << document.position
          << "' in the proof\n";
      status = 1;
      return;
    }
    bool at_least = false;
    bool at_most = false;
    for (std::size_t i = 0; i < document.proofs.size(); ++i) {
      const auto& proof = document.proofs[i];
      if (auto problem = engine::check_proof(*root, proof)) {
        err << "brudno: proof " << i + 1 << " (" << protocol::describe_proof(proof)
            << ") fails: " << *problem << '\n';
        status = 1;
        return;
      }
      out << "proof " << i + 1 << " holds: " << protocol::describe_proof(proof) << '\n';
      at_least |= proof.claim == engine::ProofClaim::kAtLeast && proof.bound == document.value;
      at_most |= proof.claim == engine::ProofClaim::kAtMost && proof.bound == document.value;
    }
    // After the proofs themselves: a fault in a proof says more than a count
    // that no longer matches it.
    if (!document.summary_faults.empty()) {
      for (const auto& fault : document.summary_faults)
        err << "brudno: " << path << ": the summary disagrees with the proof: " << fault << '\n';
      status = 1;
      return;
    }
    if constexpr (!engine::HasPlyBound<G>) {
      // Chess: mates proved, each a lower bound. A tree cannot show that no
      // shorter mate exists (that is the search's word), so the value must
      // be a mate that one of the proofs reaches.
      if (at_least && engine::is_decisive(document.value) && document.value > 0) {
        out << "mate in " << engine::mate_in_moves(document.value)
            << " proven: the side to move mates within " << engine::mate_in_moves(document.value)
            << " moves\n";
      } else {
        err << "brudno: the proofs hold but none proves the stated value "
            << protocol::format_score(document.value) << '\n';
        status = 1;
      }
      return;
    }
    if (at_least && at_most) {
      out << "value " << protocol::format_score(document.value) << " proven\n";
    } else {
      err << "brudno: the proofs hold but do not pin the stated value "
          << protocol::format_score(document.value) << " from both sides\n";
      status = 1;
    }
  });
  if (!known) {
    err << "brudno: unknown game '" << document.game << "' in the proof\n";
    return 1;
  }
  return status;
}

}  // namespace brudno::tools
