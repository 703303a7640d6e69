// brudno-star-bench: the nodes that Star1 and Star2 pruning save over plain
// expectiminimax, on seeded synthetic chance trees of a few uniform shapes
// (docs/benchmarks.md). Every search's value is checked against plain
// expectiminimax; a mismatch is an error.

#include <atomic>
#include <boost/program_options.hpp>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "engine/chance_worker.hpp"
#include "engine/expectiminimax.hpp"
#include "games/synthetic/chance_tree.hpp"

namespace po = boost::program_options;
using brudno::engine::ChancePruning;
using brudno::games::ChanceLayout;
using brudno::games::ChanceTree;
using brudno::games::ChanceTreeShape;

namespace {

struct Shape {
  const char* name;
  ChanceTreeShape shape;
};

ChanceTreeShape uniform(ChanceLayout layout, int depth, int branching, int outcomes,
                        int max_weight) {
  ChanceTreeShape shape;
  shape.depth = depth;
  shape.min_branching = shape.max_branching = branching;
  shape.min_outcomes = shape.max_outcomes = outcomes;
  shape.max_weight = max_weight;
  shape.layout = layout;
  return shape;
}

}  // namespace

int main(int argc, char** argv) {
  int trees = 20;
  po::options_description options(
      "Usage: brudno-star-bench [--trees N]\n"
      "Searches seeded uniform chance trees with plain expectiminimax, alpha-beta at the\n"
      "decision nodes, Star1 and Star2 (without a table: the pruning's counts alone), then\n"
      "Star1 and Star2 with a transposition table (cleared for each tree, where Star2's\n"
      "probes are remembered), and prints the mean nodes and each one's share of plain\n"
      "expectiminimax's.\n\n"
      "Options");
  options.add_options()("help,h", "show this help")(
      "trees", po::value<int>(&trees)->default_value(20), "trees per shape (seeds 1..N)");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error& error) {
    std::cerr << "brudno-star-bench: " << error.what() << '\n';
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << '\n';
    return 0;
  }
  const std::vector<Shape> shapes = {
      {"two-player b3 c3 d6 equal", uniform(ChanceLayout::kTwoPlayer, 6, 3, 3, 1)},
      {"two-player b4 c6 d6 equal", uniform(ChanceLayout::kTwoPlayer, 6, 4, 6, 1)},
      {"two-player b5 c5 d8 equal", uniform(ChanceLayout::kTwoPlayer, 8, 5, 5, 1)},
      {"two-player b4 c6 d6 w1-9", uniform(ChanceLayout::kTwoPlayer, 6, 4, 6, 9)},
      {"solitaire b4 c6 d6 equal", uniform(ChanceLayout::kSolitaire, 6, 4, 6, 1)},
      {"solitaire b4 c8 d8 w1-9", uniform(ChanceLayout::kSolitaire, 8, 4, 8, 9)},
  };
  std::printf(
      "| shape | plain | alpha-beta | Star1 | Star2 | Star1+TT | Star2+TT | Star1/plain | "
      "Star2/plain | Star1+TT/plain | Star2+TT/plain |\n");
  std::printf("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
  brudno::engine::TranspositionTable table(16);
  const std::atomic<bool> stop{false};
  for (const auto& [name, shape] : shapes) {
    std::uint64_t nodes[6] = {0, 0, 0, 0, 0, 0};
    for (int seed = 1; seed <= trees; ++seed) {
      const ChanceTree root(shape, static_cast<std::uint64_t>(seed));
      ChanceTree tree = root;
      brudno::engine::ExpectiCounters counters;
      const auto expected = brudno::engine::expectiminimax(tree, 64, counters);
      nodes[0] += counters.nodes;
      int column = 1;
      struct Variant {
        ChancePruning pruning;
        bool with_table;
      };
      for (const auto [pruning, with_table] :
           {Variant{ChancePruning::kNone, false}, Variant{ChancePruning::kStar1, false},
            Variant{ChancePruning::kStar2, false}, Variant{ChancePruning::kStar1, true},
            Variant{ChancePruning::kStar2, true}}) {
        table.clear();
        const brudno::engine::StopConditions abort(stop, std::nullopt);
        brudno::engine::ChanceWorker<ChanceTree> worker(root, with_table ? &table : nullptr, abort,
                                                        pruning);
        const auto value =
            worker.search_root(64, -brudno::engine::kInfinity, brudno::engine::kInfinity);
        if (value != expected) {
          std::cerr << "brudno-star-bench: " << name << " seed " << seed << ": value " << value
                    << " differs from expectiminimax's " << expected << '\n';
          return 1;
        }
        nodes[column++] += worker.nodes();
      }
    }
    const auto mean = [&](int i) { return static_cast<double>(nodes[i]) / trees; };
    const auto share = [&](int i) {
      return static_cast<double>(nodes[i]) / static_cast<double>(nodes[0]);
    };
    std::printf("| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.3f | %.3f | %.3f | %.3f |\n",
                name, mean(0), mean(1), mean(2), mean(3), mean(4), mean(5), share(2), share(3),
                share(4), share(5));
  }
  return 0;
}
