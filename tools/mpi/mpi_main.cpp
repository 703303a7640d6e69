// brudno-mpi: brudno's batch commands farmed over the ranks of an MPI job,
// or one position searched by all of them (docs/cluster.md). Started by
// mpirun; rank 0 reads the input and prints, every rank searches.
//   mpirun -np 4 build/release/brudno-mpi suite ../shared/data/connect4/Test_L2_R2

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <iostream>
#include <string>
#include <string_view>

#include "tools/mpi/analyse_farm.hpp"
#include "tools/mpi/cluster_uci.hpp"
#include "tools/mpi/epd_farm.hpp"
#include "tools/mpi/selfplay_farm.hpp"
#include "tools/mpi/solve_farm.hpp"
#include "tools/mpi/suite_farm.hpp"

namespace {

constexpr std::string_view kUsage =
    "Usage: mpirun -np N brudno-mpi COMMAND [options]\n"
    "Runs brudno over the ranks of an MPI job. A batch command is farmed: rank 0\n"
    "hands out the positions one at a time to whichever rank asks next and prints\n"
    "the results in input order, as the one-process command does. `uci` searches\n"
    "one position on every rank at once.\n\n"
    "Commands:\n"
    "  suite FILE [options]   brudno suite, every position from an empty table\n"
    "                         (brudno suite --fresh-table prints the same)\n"
    "  epd FILE [options]     brudno epd: a chess test suite in EPD\n"
    "  analyse FILE [options] brudno analyse: every position of an EPD or PGN file\n"
    "                         analysed, written as EPD (--out OUT.epd)\n"
    "  solve 8puzzle|15puzzle --instances FILE [options]\n"
    "                         brudno solve: sliding-tile instances, the pattern\n"
    "                         database loaded once on every rank\n"
    "  selfplay --games N --openings FILE --out GAMES.pgn [--tc 10+0.1]\n"
    "                         brudno against itself, the games gathered into one\n"
    "                         PGN for brudno tune\n"
    "  selfplay --records --games N --out FILE.bin [brudno selfplay's options]\n"
    "                         brudno selfplay: training records for the network,\n"
    "                         the same bytes as one process (--checkpoint: brudno\n"
    "                         selfplay's checkpoint, which the output resumes from)\n"
    "  uci [--share-depth D]  one position searched by every rank: rank 0 speaks\n"
    "                         UCI on stdin/stdout as brudno does (no farm, no\n"
    "                         checkpoint)\n\n"
    "Options of every command:\n"
    "  --checkpoint FILE      append each finished result to FILE as it arrives; a\n"
    "                         rerun of the same command with the same FILE skips\n"
    "                         what it holds (a job cut short resumes)\n\n"
    "brudno-mpi COMMAND --help shows a command's options.\n";

}  // namespace

int main(int argc, char** argv) {
  // The coordinator on rank 0 is a thread of its own beside rank 0's work;
  // only it calls MPI while the farm runs.
  boost::mpi::environment environment(argc, argv, boost::mpi::threading::serialized);
  boost::mpi::communicator world;
  brudno::tools::mpi::FarmOptions farm_options;
  farm_options.coordinator_works = environment.thread_level() >= boost::mpi::threading::serialized;

  const std::string command = argc > 1 ? argv[1] : "";
  brudno::tools::Arguments args;
  for (int i = 2; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--checkpoint" && i + 1 < argc) {
      farm_options.checkpoint_path = argv[++i];
    } else if (word.starts_with("--checkpoint=")) {
      farm_options.checkpoint_path = word.substr(std::string_view("--checkpoint=").size());
    } else {
      args.push_back(word);
    }
  }
  // The job a checkpoint belongs to: the command and its own arguments.
  farm_options.job = command;
  for (const auto& word : args) farm_options.job += ' ' + word;
  if (command == "suite") return brudno::tools::mpi::run_suite_farm(world, args, farm_options);
  if (command == "epd") return brudno::tools::mpi::run_epd_farm(world, args, farm_options);
  if (command == "selfplay") {
    return brudno::tools::mpi::run_selfplay_farm(world, args, farm_options);
  }
  if (command == "solve") return brudno::tools::mpi::run_solve_farm(world, args, farm_options);
  if (command == "uci") return brudno::tools::mpi::run_cluster_uci(world, args);
  if (command == "analyse") {
    return brudno::tools::mpi::run_analyse_farm(world, args, farm_options);
  }
  if (world.rank() == 0) {
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << kUsage;
      return 0;
    }
    std::cerr << (command.empty() ? std::string("brudno-mpi: a command is needed\n")
                                  : "brudno-mpi: unknown command '" + command + "'\n")
              << kUsage;
  }
  return 2;
}
