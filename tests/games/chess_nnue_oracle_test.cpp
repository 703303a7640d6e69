// The engine's network scores equal tools/nnue/quantised.py's, the
// reference integer inference, on a record file: random positions from the
// start position and the openings, scored by the repository's network, by
// a random one whose widths are no multiple of the SIMD lanes, and by a
// random one with eight output buckets.
//
// Runs /usr/bin/python3 (numpy): exits 77 (skipped), saying why, where it
// cannot import numpy. Not a gtest: ctest reads the exit status 77 as a skip.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/eval/nnue/evaluate.hpp"
#include "games/chess/eval/nnue/network.hpp"
#include "games/chess/eval/nnue/simd.hpp"
#include "games/chess/training/training_record.hpp"
#include "tests/games/nnue_test_network.hpp"

namespace {

using brudno::games::Chess;
namespace chess = brudno::games::chess;
namespace nnue = brudno::games::chess::nnue;

const std::string kPython = "/usr/bin/python3";

// Positions of random games from the start and from the first openings.
std::vector<Chess> random_positions() {
  std::vector<std::string> starts(20, std::string(Chess::kStartFen));
  std::ifstream openings(std::string(BRUDNO_SHARED_DATA) + "/chess/2moves_v1.epd");
  std::string line;
  while (starts.size() < 50 && std::getline(openings, line))
    if (!line.empty()) starts.push_back(line);
  std::mt19937 random(17);
  std::vector<Chess> positions;
  for (const auto& fen : starts) {
    auto game = Chess::parse(fen);
    if (!game) continue;
    for (int ply = 0; ply < 60; ++ply) {
      positions.push_back(*game);
      Chess::MoveList moves;
      game->legal_moves(moves);
      if (moves.empty()) break;
      game->play(moves[random() % moves.size()]);
    }
  }
  return positions;
}

// Compares the engine's scores with quantised.py's for one network file; the mismatches' count.
int compare(const std::string& net_path, const std::string& data_path,
            const std::vector<Chess>& positions, const std::string& out_path) {
  std::string error;
  const auto network = nnue::read_network_file(net_path, error);
  if (!network) {
    std::printf("FAIL: %s\n", error.c_str());
    return 1;
  }
  const std::string command = kPython + " " + BRUDNO_SOURCE_DIR +
                              "/tools/nnue/quantised.py --net " + net_path + " --data " +
                              data_path + " > " + out_path;
  if (std::system(command.c_str()) != 0) {
    std::printf("FAIL: %s\n", command.c_str());
    return 1;
  }
  std::ifstream scores(out_path);
  std::size_t index = 0;
  long long score = 0;
  int mismatches = 0;
  std::size_t read = 0;
  while (scores >> index >> score) {
    ++read;
    if (index >= positions.size()) return mismatches + 1;
    // The search's evaluation (the accumulator cache, the engine's path),
    // and every path from scratch.
    const Chess& position = positions[index];
    std::vector<std::pair<std::string, int>> engine_scores = {
        {"cached", nnue::evaluate(position, *network, nnue::engine_simd_path())}};
    for (const auto path : nnue::kAllSimdPaths) {
      if (nnue::simd_path_available(path))
        engine_scores.emplace_back(nnue::simd_path_name(path),
                                   nnue::evaluate_from_scratch(position, *network, path));
    }
    for (const auto& [how, engine] : engine_scores) {
      if (engine != score && ++mismatches <= 5) {
        std::printf("FAIL: %s, %s, %s: engine %d, quantised.py %lld\n", net_path.c_str(),
                    how.c_str(), position.to_text().c_str(), engine, score);
      }
    }
  }
  if (read != positions.size()) {
    std::printf("FAIL: quantised.py scored %zu of %zu records\n", read, positions.size());
    return mismatches + 1;
  }
  std::printf("%s: %zu positions, %d mismatches\n", net_path.c_str(), read, mismatches);
  return mismatches;
}

}  // namespace

int main() {
  if (std::system((kPython + " -c 'import numpy' 2>/dev/null").c_str()) != 0) {
    std::printf("skipped: %s cannot import numpy (tools/setup.sh installs it)\n", kPython.c_str());
    return 77;
  }
  const auto directory =
      std::filesystem::temp_directory_path() / ("brudno_nnue_oracle_" + std::to_string(::getpid()));
  std::filesystem::create_directories(directory);
  const auto positions = random_positions();
  const std::string data = (directory / "positions.bin").string();
  {
    std::ofstream out(data, std::ios::binary);
    for (const Chess& position : positions) {
      const auto record = chess::encode_training_record(position, {});
      out.write(reinterpret_cast<const char*>(record.data()),
                static_cast<std::streamsize>(record.size()));
    }
  }
  const std::string random_net = (directory / "random.nnue").string();
  chess::nnue_test::write_file(random_net, chess::nnue_test::random_network_bytes({40, 24, 8}, 9));
  int failures = 0;
  failures += compare(std::string(BRUDNO_SOURCE_DIR) + "/games/chess/eval/nnue/default.nnue", data,
                      positions, (directory / "default.txt").string());
  failures += compare(random_net, data, positions, (directory / "random.txt").string());
  const std::string bucketed_net = (directory / "buckets.nnue").string();
  chess::nnue_test::write_file(bucketed_net,
                               chess::nnue_test::random_network_bytes({40, 24, 8, 8}, 10));
  failures += compare(bucketed_net, data, positions, (directory / "buckets.txt").string());
  const std::string direct_net = (directory / "direct.nnue").string();
  chess::nnue_test::write_file(direct_net,
                               chess::nnue_test::random_network_bytes({40, 0, 0, 8, true}, 11));
  failures += compare(direct_net, data, positions, (directory / "direct.txt").string());
  const std::string fine_direct_net = (directory / "direct_shift10.nnue").string();
  chess::nnue_test::write_file(fine_direct_net,
                               chess::nnue_test::random_network_bytes({40, 0, 0, 8, true, 10}, 12));
  failures += compare(fine_direct_net, data, positions, (directory / "direct10.txt").string());
  std::filesystem::remove_all(directory);
  if (positions.size() < 1000) {
    std::printf("FAIL: only %zu positions\n", positions.size());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
