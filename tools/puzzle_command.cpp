// `brudno puzzle insanity`: depth-first puzzle search from the command line.

#include <boost/program_options.hpp>
#include <iostream>

#include "engine/puzzle.hpp"
#include "games/insanity/insanity.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"

namespace brudno::tools {

int run_puzzle(const Arguments& args, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  po::options_description options(
      "Usage: brudno puzzle insanity [--all] [--cubes \"GBBWRG GGBGWR GWWRBR GGRBWW\"]\n"
      "Stacks four cubes so that every side of the tower shows four colours; prints\n"
      "the first solution (or all), one list per side, the top cube's colour first");
  std::string name;
  std::string cubes(games::InstantInsanity::kClassicCubes);
  bool all = false;
  bool every_orientation = false;
  options.add_options()("help,h", "show this help")("all", po::bool_switch(&all),
                                                    "every solution, then their number")(
      "cubes", po::value(&cubes),
      "four cubes of six colours each: top, the four sides clockwise, bottom "
      "(default: the classic cubes)")(
      "every-orientation", po::bool_switch(&every_orientation),
      "let the first cube take all 24 orientations, not just one per axis");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "puzzle", options, vm, out, err,
                                             PositionalArgument{"puzzle", &name})) {
    return *status;
  }
  if (name.empty()) {
    err << "brudno: puzzle needs the name of a puzzle; the puzzles: insanity (Instant Insanity)\n"
        << options;
    return 2;
  }
  if (name != "insanity") {
    err << "brudno: unknown puzzle '" << name << "' (puzzles: insanity)\n";
    return 2;
  }
  auto parsed = games::InstantInsanity::parse(cubes);
  if (const auto* problem = std::get_if<std::string>(&parsed)) {
    err << "brudno: bad cubes: " << *problem << '\n';
    return 2;
  }
  auto& puzzle = std::get<games::InstantInsanity>(parsed);
  puzzle.set_restrict_first(!every_orientation);
  const auto print = [&out](const games::InstantInsanity& tower) {
    out << tower.tower_text() << '\n';
  };
  if (all) {
    const std::size_t count = engine::search_all(puzzle, print);
    out << count << (count == 1 ? " solution\n" : " solutions\n");
    return 0;
  }
  if (!engine::search_first(puzzle, print)) {
    out << "no solution\n";
    return 1;
  }
  return 0;
}

}  // namespace brudno::tools
