// brudno-stop-latency: how long the engine takes from `stop` (or the end of a
// movetime) to its `bestmove`, measured from outside through a pipe, as a GUI
// sees it. Also checks that every go gets exactly one bestmove.

#include <algorithm>
#include <boost/program_options.hpp>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <random>
#include <thread>
#include <vector>

#include "tools/pipe/pipe_engine.hpp"

namespace {

namespace po = boost::program_options;
using Clock = std::chrono::steady_clock;
using Microseconds = std::chrono::duration<double, std::micro>;

double percentile(std::vector<double> values, double fraction) {
  std::sort(values.begin(), values.end());
  const auto index =
      static_cast<std::size_t>(fraction * static_cast<double>(values.size() - 1) + 0.5);
  return values[index];
}

}  // namespace

int main(int argc, char** argv) {
  std::string engine_path = (std::filesystem::path(argv[0]).parent_path() / "brudno").string();
  int trials = 1000;
  int threads = 2;
  int movetime = 0;
  std::string game = "synthetic";
  std::string position = "8 30 5 random";
  po::options_description options(
      "Usage: brudno-stop-latency [options]\n"
      "Starts the engine, then repeats: go infinite, wait a little, stop, read the\n"
      "bestmove (or, with --movetime, go movetime and read the bestmove), and reports\n"
      "the latency from the stop (or the end of the movetime) to the bestmove line");
  options.add_options()("help,h", "show this help")(
      "engine", po::value(&engine_path), "the engine binary (default: brudno beside this tool)")(
      "trials", po::value(&trials)->default_value(trials), "number of searches")(
      "threads", po::value(&threads)->default_value(threads), "the engine's Threads option")(
      "movetime", po::value(&movetime)->default_value(0),
      "measure `go movetime MS` instead of `stop` (0: measure stop)")(
      "game", po::value(&game)->default_value(game), "the engine's Game option")(
      "position", po::value(&position)->default_value(position), "the position text");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brudno-stop-latency: " << e.what() << '\n' << options;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  if (trials < 1 || threads < 1 || movetime < 0) {
    std::cerr << "brudno-stop-latency: --trials and --threads must be positive, --movetime not "
                 "negative\n";
    return 2;
  }

  brudno::tools::PipeEngine engine(engine_path, {});
  engine.send("setoption name Threads value " + std::to_string(threads));
  engine.send("setoption name Game value " + game);
  engine.send("position fen " + position);
  engine.send("isready");
  if (engine.read_until("readyok").empty()) {
    std::cerr << "brudno-stop-latency: the engine at " << engine_path << " did not answer\n";
    return 1;
  }

  std::mt19937 random(1);
  std::uniform_int_distribution<int> pause_ms(1, 20);
  std::vector<double> latencies;
  int missing = 0;
  int extra = 0;
  for (int trial = 0; trial < trials; ++trial) {
    Clock::time_point reference;
    if (movetime > 0) {
      engine.send("go movetime " + std::to_string(movetime));
      reference = Clock::now() + std::chrono::milliseconds(movetime);
    } else {
      engine.send("go infinite");
      std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms(random)));
      reference = Clock::now();
      engine.send("stop");
    }
    const auto lines = engine.read_until("bestmove", std::chrono::seconds(10));
    const auto arrived = Clock::now();
    if (lines.empty() || !brudno::tools::starts_with(lines.back(), "bestmove")) {
      ++missing;
      continue;
    }
    latencies.push_back(Microseconds(arrived - reference).count());
    // Nothing but readyok may follow: a second bestmove would be a bug.
    engine.send("isready");
    for (const auto& line : engine.read_until("readyok", std::chrono::seconds(10))) {
      extra += brudno::tools::starts_with(line, "bestmove") ? 1 : 0;
    }
  }
  engine.send("quit");

  std::cout << std::fixed << std::setprecision(2);
  std::cout << (movetime > 0 ? "movetime " + std::to_string(movetime) + " ms" : std::string("stop"))
            << " latency over " << latencies.size() << " searches, " << threads << " threads, "
            << game << " '" << position << "'\n";
  if (!latencies.empty()) {
    std::cout << "median " << percentile(latencies, 0.5) / 1000 << " ms, p90 "
              << percentile(latencies, 0.9) / 1000 << " ms, p99 "
              << percentile(latencies, 0.99) / 1000 << " ms, worst "
              << *std::max_element(latencies.begin(), latencies.end()) / 1000 << " ms\n";
  }
  std::cout << "missing bestmoves " << missing << ", extra bestmoves " << extra << '\n';
  return missing == 0 && extra == 0 ? 0 : 1;
}
