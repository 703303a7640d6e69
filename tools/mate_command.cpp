// `brudno mate`: the exact mate search on the command line. One position
// (--fen) answers its shortest mate, or every key with --all, and writes
// their proofs with --proof; a file of positions (--suite) checks each
// answer against the file's and each proof with the checker.

#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>

#include "engine/proof_checker.hpp"
#include "games/chess/mate/mate_search.hpp"
#include "protocol/mate_proofs.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/mate_suite.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void print_keys(const std::vector<games::chess::MateSearch::Key>& keys, std::ostream& out) {
  out << "mate " << keys.front().moves << '\n';
  for (const auto& key : keys)
    out << "key " << games::Chess::move_text(key.move) << " mate " << key.moves << '\n';
}

int mate_one(const po::variables_map& vm, int moves, std::size_t hash, std::size_t max_positions,
             std::ostream& out, std::ostream& err) {
  const std::string fen = vm["fen"].as<std::string>();
  std::string fault;
  const auto root = games::Chess::parse(fen, fault);
  if (!root) {
    err << "brudno: bad FEN '" << fen << "': " << fault << '\n';
    return 2;
  }
  const bool every_key = vm.count("all") > 0;
  const std::atomic<bool> stop{false};
  const auto start = Clock::now();
  if (!vm.count("proof")) {
    games::chess::MateSearch search(*root, stop, hash);
    std::vector<games::chess::MateSearch::Key> keys;
    if (every_key) {
      keys = search.all_keys(moves);
    } else if (const auto key = search.first_key(moves)) {
      keys.push_back(*key);
    }
    if (keys.empty()) {
      out << "no mate in " << moves << '\n';
    } else {
      print_keys(keys, out);
    }
    out << "nodes " << search.nodes() << " time " << static_cast<long>(milliseconds_since(start))
        << " ms\n";
    return 0;
  }

  auto proved = protocol::prove_mates(*root, moves, every_key, stop, hash, max_positions);
  if (const auto* problem = std::get_if<std::string>(&proved)) {
    if (*problem == "no mate in " + std::to_string(moves)) {
      out << *problem << '\n';
      err << "brudno: no mate, so no proof written\n";
      return 1;
    }
    err << "brudno: " << *problem << '\n';
    return 1;
  }
  const auto& mates = std::get<protocol::MateProofs>(proved);
  print_keys(mates.keys, out);
  const std::string path = vm["proof"].as<std::string>();
  std::ofstream file(path);
  if (!(file << protocol::write_proof_document(mates.document, false))) {
    err << "brudno: cannot write " << path << '\n';
    return 1;
  }
  for (const auto& proof : mates.document.proofs)
    out << "proof " << protocol::describe_proof(proof) << '\n';
  out << "time " << static_cast<long>(milliseconds_since(start)) << " ms\n";
  return 0;
}

}  // namespace

int run_mate(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description options(
      "Usage: brudno mate --fen FEN --moves N [--all] [--proof FILE]\n"
      "       brudno mate --suite FILE [--proofs] [--movetime MS]\n"
      "The exact mate search: the shortest mate of the side to move within N moves\n"
      "(`mate K` and its key), or `no mate in N`; with --all every first move that\n"
      "mates within N (the key and its cooks), each with its shortest mate. --proof\n"
      "writes each key's proof tree (docs/protocol.md) for `brudno check-proof`.\n"
      "--suite runs a file of `FEN ;dm K` and `FEN ;nomate N` lines and checks them");
  options.add_options()("help,h", "show this help")(
      "fen", po::value<std::string>()->default_value(std::string(games::Chess::kStartFen)),
      "the position in FEN")("moves", po::value<int>(),
                             ("the most moves of the side to move, 1 to " +
                              std::to_string(games::chess::MateSearch::kMaxMoves))
                                 .c_str())("all", "list every key, not only the first")(
      "proof", po::value<std::string>(), "write the keys' proofs to this file")(
      "suite", po::value<std::string>(), "a file of positions and their answers")(
      "proofs", "with --suite: build and check each mate's proof")(
      "movetime", po::value<Count>()->default_value(Count{0}),
      "with --suite: stop a position's search after this many ms (0: never)")(
      "hash", po::value<Count>()->default_value(Count{64}), "the search's table in MB")(
      "max-positions", po::value<Count>()->default_value(Count{engine::kDefaultMaxProofPositions}),
      "give up, saying so, on a proof that would hold more positions than this");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "mate", options, vm, out, err)) return *status;
  const auto hash = vm["hash"].as<Count>().value;
  if (hash < 1 || hash > 65536) {
    err << "brudno: --hash must be from 1 to 65536 (MB), got " << hash << '\n';
    return 2;
  }
  const auto max_positions = vm["max-positions"].as<Count>().value;
  if (max_positions < 1) {
    err << "brudno: --max-positions must be at least 1\n";
    return 2;
  }
  if (vm.count("suite")) {
    return run_mate_suite(vm["suite"].as<std::string>(), vm.count("proofs") > 0, hash,
                          max_positions, vm["movetime"].as<Count>().value, out, err);
  }
  if (!vm.count("moves") || vm["moves"].as<int>() < 1 ||
      vm["moves"].as<int>() > games::chess::MateSearch::kMaxMoves) {
    err << "brudno: mate needs --moves from 1 to " << games::chess::MateSearch::kMaxMoves << '\n';
    return 2;
  }
  return mate_one(vm, vm["moves"].as<int>(), hash, max_positions, out, err);
}

}  // namespace brudno::tools
