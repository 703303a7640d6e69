// The brudno executable: UCI on stdin/stdout by default, or one of the commands.

#include <spdlog/spdlog.h>

#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "protocol/bench.hpp"
#include "protocol/logging.hpp"
#include "protocol/stdin_loop.hpp"

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage = R"(Usage: brudno [options] [command]

With no command, brudno speaks the UCI protocol on standard input and output
(games: tictactoe, synthetic; choose with "setoption name Game value <game>").

Commands:
  uci     the same as no command
  bench   search a fixed set of positions; the last two lines are the total
          nodes (the bench signature) and nodes per second

Options)";

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(kUsage);
  options.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")("log-level",
                                              po::value<std::string>()->default_value("warn"),
                                              "trace, debug, info, warn, error, critical or off")(
      "log-file", po::value<std::string>(), "write the log to this file instead of stderr");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("command", -1);

  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brudno: " << e.what() << "\nTry 'brudno --help'.\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "brudno 0.1.0\n";
    return 0;
  }
  std::optional<std::string> log_file;
  if (vm.count("log-file")) log_file = vm["log-file"].as<std::string>();
  if (const auto problem =
          brudno::protocol::configure_logging(vm["log-level"].as<std::string>(), log_file)) {
    std::cerr << "brudno: " << *problem << '\n';
    return 2;
  }

  const auto words = vm.count("command") ? vm["command"].as<std::vector<std::string>>()
                                         : std::vector<std::string>{};
  const std::string command = words.empty() ? "uci" : words[0];
  if (words.size() > 1) {
    std::cerr << "brudno: unexpected argument '" << words[1] << "' after '" << command
              << "'\nTry 'brudno --help'.\n";
    return 2;
  }
  if (command == "uci") {
    std::ios::sync_with_stdio(false);
    return brudno::protocol::run_uci_loop(std::cin, std::cout);
  }
  if (command == "bench") {
    brudno::protocol::run_bench(std::cout);
    return 0;
  }
  std::cerr << "brudno: unknown command '" << command << "'\nTry 'brudno --help'.\n";
  return 2;
}
