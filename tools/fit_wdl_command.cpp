// `brudno fit-wdl FILE.pgn`: fits the win/draw/loss model behind
// UCI_ShowWDL (games/chess/training/wdl_model.hpp) to the games of a PGN file with
// brudno-match's score comments, and prints it as the constant of that
// header. Every Nth game is held out and only scored, so that the
// likelihood on games the fit has not seen shows whether it generalises.

#include <boost/program_options.hpp>
#include <cstdio>
#include <ostream>
#include <string>

#include "games/chess/training/wdl_model.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/fixed_decimals.hpp"
#include "tools/tune/pgn_reader.hpp"
#include "tools/wdl/wdl_fit.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;
using games::chess::WdlModel;

std::string cubic_text(const std::array<double, 4>& c) {
  return "{{" + fixed_decimals(c[0], 3) + ", " + fixed_decimals(c[1], 3) + ", " +
         fixed_decimals(c[2], 3) + ", " + fixed_decimals(c[3], 3) + "}}";
}

}  // namespace

int run_fit_wdl(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description description(
      "Usage: brudno fit-wdl FILE [--holdout N] [--iterations N]\n"
      "Fits the win/draw/loss model that UCI_ShowWDL reports to the games of the PGN\n"
      "file FILE: each move's score comment as brudno-match writes it ({+0.25/12 ...}),\n"
      "the material on the board and the game's result, for the side that moved. Prints\n"
      "the model as the constant kWdlModel of games/chess/training/wdl_model.hpp, the mean\n"
      "log-likelihood before and after, and the chances it gives at a few scores");
  std::string file;
  Count holdout{4};
  Count iterations{4000};
  description.add_options()("help,h", "show this help")(
      "holdout", po::value(&holdout),
      "hold out every Nth game, scored but not fitted (default 4; 0: none)")(
      "iterations", po::value(&iterations), "steps of the fit (default 4000)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "fit-wdl", description, vm, out, err,
                                             PositionalArgument{"file", &file})) {
    return *status;
  }
  if (file.empty()) {
    err << "brudno: fit-wdl needs a PGN FILE\n" << description;
    return 2;
  }
  if (iterations.value < 1 || iterations.value > 1'000'000) {
    err << "brudno: --iterations must be 1 to 1000000\n";
    return 2;
  }
  auto in = open_input_file(file, err);
  if (!in) return 2;
  std::vector<std::string> errors;
  const auto games = tune::read_pgn(*in, errors);
  for (const auto& error : errors) err << "brudno: " << file << ": " << error << " (left out)\n";
  std::vector<tune::PgnGame> fitted_games;
  std::vector<tune::PgnGame> held_out_games;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const bool held = holdout.value > 0 && (i + 1) % holdout.value == 0;
    (held ? held_out_games : fitted_games).push_back(games[i]);
  }
  const auto fitted = wdl::samples_of(fitted_games);
  const auto held_out = wdl::samples_of(held_out_games);
  out << "games: " << games.size() << " read; scored positions: " << fitted.size() << " fitted, "
      << held_out.size() << " held out\n";
  if (fitted.empty()) {
    err << "brudno: no move with a score comment in a finished game of " << file << '\n';
    return 1;
  }
  // From a model with a third of the games drawn at 0 and a pawn's lead
  // worth a few points: the fit moves it from there.
  const WdlModel start = {{{150.0, 0.0, 0.0, 0.0}}, {{80.0, 0.0, 0.0, 0.0}}};
  const WdlModel model =
      wdl::fit(fitted, start, wdl::FitOptions{static_cast<int>(iterations.value), 1.0});
  out << "mean log-likelihood loss, before -> after: fitted "
      << fixed_decimals(wdl::log_loss(start, fitted), 4) << " -> "
      << fixed_decimals(wdl::log_loss(model, fitted), 4);
  if (!held_out.empty()) {
    out << ", held out " << fixed_decimals(wdl::log_loss(start, held_out), 4) << " -> "
        << fixed_decimals(wdl::log_loss(model, held_out), 4);
  }
  out << "\nwin/draw/loss per mille at material 58 (queens on) and 20 (a rook ending):\n";
  for (const int score : {0, 50, 100, 200, 400}) {
    out << "  " << score << " cp:";
    for (const int material : {58, 20}) {
      const auto wdl = games::chess::win_draw_loss(score, material, model);
      out << "  " << wdl.win << ' ' << wdl.draw << ' ' << wdl.loss;
    }
    out << '\n';
  }
  out << "inline constexpr WdlModel kWdlModel = {" << cubic_text(model.a) << ", "
      << cubic_text(model.b) << "};\n";
  return 0;
}

}  // namespace brudno::tools
