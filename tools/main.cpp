// The brudno executable: UCI on stdin/stdout by default, or one of the commands.

#include <boost/program_options.hpp>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "protocol/logging.hpp"
#include "protocol/stdin_loop.hpp"
#include "tools/command.hpp"

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage = R"(Usage: brudno [options] [command [command options]]

With no command, brudno speaks the UCI protocol on standard input and output
(docs/protocol.md). Choose the game with "setoption name Game value <game>".

Commands:
  uci           the same as no command
  bench [N]     search a fixed set of positions (at N threads, default 1); the
                last two lines are the total nodes (at one thread: the bench
                signature) and nodes per second
  prove         solve a position exactly and write both proof trees
  check-proof   verify a proof tree; exits 1 naming the fault if it fails
  mate          the exact chess mate search: brudno mate --fen FEN --moves N
                [--all] [--proof FILE] lists the keys of a mate in N and proves them
  suite         solve a benchmark file of positions with known scores and check them
  puzzle        depth-first puzzle search: brudno puzzle insanity [--all]
  perft         count chess move sequences: brudno perft [--fen FEN] --depth N
  epd           run a chess test suite: brudno epd FILE [--movetime MS]
  analyse       analyse every position of an EPD or PGN file, written as EPD:
                brudno analyse FILE --depth N [--out OUT.epd]
  tune          fit the chess evaluation's weights to the games of a PGN file
  fit-wdl       fit the win/draw/loss model of UCI_ShowWDL to the games of a PGN file
  solve         single-agent search: romania, 8puzzle, 15puzzle, queens, insanity
  play          seeded self-play: brudno play 2048 --games N --seed S [--depth D]
  selfplay      chess self-play writing training positions for the network:
                brudno selfplay --out FILE.bin --games N [--nodes N] [--threads T]
  serve         serve the protocol over TCP, one session per connection
Run "brudno <command> --help" for a command's options.

Options)";

constexpr const char* kUciHelp = R"(Usage: brudno [options] [uci]
Speaks the UCI protocol on standard input and output (docs/protocol.md); the
global options (brudno --help) stand before it. Takes no arguments.
)";

bool asks_for_help(const brudno::tools::Arguments& args) {
  return args.size() == 1 && (args[0] == "--help" || args[0] == "-h");
}

using Command = std::function<int(const brudno::tools::Arguments&)>;

const std::map<std::string, Command>& commands() {
  static const std::map<std::string, Command> table = {
      {"uci",
       [](const auto& args) {
         if (asks_for_help(args)) {
           std::cout << kUciHelp;
           return 0;
         }
         if (!args.empty()) {
           std::cerr << "brudno: 'uci' takes no arguments, got '" << args[0] << "'\n";
           return 2;
         }
         std::ios::sync_with_stdio(false);
         // Reading stdin must not flush stdout behind the sink's lock: the
         // search thread writes there too. The sink flushes every line itself.
         std::cin.tie(nullptr);
         return brudno::protocol::run_uci_loop(std::cin, std::cout);
       }},
      {"bench",
       [](const auto& args) {
         return brudno::tools::run_bench_command(args, std::cout, std::cerr);
       }},
      {"prove",
       [](const auto& args) { return brudno::tools::run_prove(args, std::cout, std::cerr); }},
      {"suite",
       [](const auto& args) { return brudno::tools::run_suite(args, std::cout, std::cerr); }},
      {"puzzle",
       [](const auto& args) { return brudno::tools::run_puzzle(args, std::cout, std::cerr); }},
      {"perft",
       [](const auto& args) { return brudno::tools::run_perft(args, std::cout, std::cerr); }},
      {"epd", [](const auto& args) { return brudno::tools::run_epd(args, std::cout, std::cerr); }},
      {"analyse",
       [](const auto& args) { return brudno::tools::run_analyse(args, std::cout, std::cerr); }},
      {"tune",
       [](const auto& args) { return brudno::tools::run_tune(args, std::cout, std::cerr); }},
      {"fit-wdl",
       [](const auto& args) { return brudno::tools::run_fit_wdl(args, std::cout, std::cerr); }},
      {"solve",
       [](const auto& args) { return brudno::tools::run_solve(args, std::cout, std::cerr); }},
      {"play",
       [](const auto& args) { return brudno::tools::run_play(args, std::cout, std::cerr); }},
      {"selfplay",
       [](const auto& args) { return brudno::tools::run_selfplay(args, std::cout, std::cerr); }},
      {"serve",
       [](const auto& args) { return brudno::tools::run_serve(args, std::cout, std::cerr); }},
      {"check-proof",
       [](const auto& args) { return brudno::tools::run_check_proof(args, std::cout, std::cerr); }},
      {"mate",
       [](const auto& args) { return brudno::tools::run_mate(args, std::cout, std::cerr); }},
  };
  return table;
}

// Global options stand before the command; everything from the command on is its own.
int first_command_index(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log-level" || arg == "--log-file") {
      ++i;
    } else if (arg.empty() || arg[0] != '-') {
      return i;
    }
  }
  return argc;
}

}  // namespace

int main(int argc, char** argv) {
  po::options_description options(kUsage);
  options.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")("log-level", po::value<std::string>(),
                                              "trace, debug, info, warn, error, critical or off "
                                              "(default: info for serve, warn otherwise)")(
      "log-file", po::value<std::string>(), "write the log to this file instead of standard error");

  const int command_at = first_command_index(argc, argv);
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(command_at, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brudno: " << e.what() << "\nTry 'brudno --help'.\n";
    return 2;
  }
  if ((vm.count("help") || vm.count("version")) && command_at < argc) {
    std::cerr << "brudno: --help and --version take no command, got '" << argv[command_at]
              << "'\nTry 'brudno <command> --help'.\n";
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
  const std::string name = command_at < argc ? argv[command_at] : "uci";
  std::optional<std::string> log_file;
  if (vm.count("log-file")) log_file = vm["log-file"].as<std::string>();
  // A server's log is its record of who connected; an engine under a GUI stays quiet.
  const std::string log_level = vm.count("log-level") ? vm["log-level"].as<std::string>()
                                : name == "serve"     ? "info"
                                                      : "warn";
  if (const auto problem = brudno::protocol::configure_logging(log_level, log_file)) {
    std::cerr << "brudno: " << *problem << '\n';
    return 2;
  }

  const auto command = commands().find(name);
  if (command == commands().end()) {
    std::cerr << "brudno: unknown command '" << name << "'\nTry 'brudno --help'.\n";
    return 2;
  }
  const brudno::tools::Arguments args(argv + std::min(command_at + 1, argc), argv + argc);
  return command->second(args);
}
