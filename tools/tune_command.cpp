// `brudno tune FILE.pgn`: fits the chess evaluation's weights to the results
// of the games in a PGN file (Texel's method, tools/tune/texel.hpp) and prints
// them as the constants of games/chess/eval/eval_weights.hpp. Every Nth game is
// held out: its positions are not fitted, only scored, so that a fit that
// learns the games rather than chess shows as a held-out error that rises.

#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>

#include "games/chess/eval/evaluation.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/fixed_decimals.hpp"
#include "tools/tune/pgn_reader.hpp"
#include "tools/tune/quiet_positions.hpp"
#include "tools/tune/texel.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;
using namespace tune;

}  // namespace

int run_tune(const Arguments& args, std::ostream& out, std::ostream& err) {
  po::options_description description(
      "Usage: brudno tune FILE [--holdout N] [--prior auto|X] [--iterations N]\n"
      "                   [--learning-rate CP] [--skip-plies N]\n"
      "Fits the chess evaluation's weights (piece values, mobility, passed pawns,\n"
      "pawn structure, bishop pair, rooks, king safety, threats, outposts, tempo and\n"
      "the piece-square tables) to the results of the games in the PGN file FILE,\n"
      "from their quiet positions, and prints them as the\n"
      "constants of games/chess/eval/eval_weights.hpp. The error, before and after, is\n"
      "the mean squared difference between each position's result and a logistic\n"
      "of its static score");
  std::string file;
  Count holdout{4};
  Count iterations{3000};
  Count skip_plies{8};
  double learning_rate = 1.0;
  std::string prior_text = "auto";
  description.add_options()("help,h", "show this help")(
      "holdout", po::value(&holdout),
      "hold out every Nth game, scored but not fitted (default 4; 0: none)")(
      "iterations", po::value(&iterations), "steps of the fit (default 3000)")(
      "learning-rate", po::value(&learning_rate)->default_value(1.0),
      "centipawns a weight moves a step, about, at first")(
      "skip-plies", po::value(&skip_plies),
      "plies of each game, from its start position, not used (default 8)")(
      "prior", po::value(&prior_text),
      "pull towards the weights as they are: prior x (weight - now)^2 added to the "
      "error; auto (the default) fits with each of 0, 1e-7, 1e-6, 1e-5 and 1e-4 and "
      "keeps the fit with the least held-out error");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "tune", description, vm, out, err,
                                             PositionalArgument{"file", &file})) {
    return *status;
  }
  if (file.empty()) {
    err << "brudno: tune needs a PGN FILE\n" << description;
    return 2;
  }
  if (iterations.value < 1 || iterations.value > 1'000'000 || !(learning_rate > 0) ||
      learning_rate > 1000 || skip_plies.value > 1000) {
    err << "brudno: --iterations must be 1 to 1000000, --learning-rate above 0 and at most "
           "1000, --skip-plies at most 1000\n";
    return 2;
  }
  std::vector<double> priors = {0, 1e-7, 1e-6, 1e-5, 1e-4};
  if (prior_text != "auto") {
    char* end = nullptr;
    const double prior = std::strtod(prior_text.c_str(), &end);
    if (end == prior_text.c_str() || *end != '\0' || !(prior >= 0) || prior > 1) {
      err << "brudno: --prior must be auto or a number from 0 to 1, got '" << prior_text << "'\n";
      return 2;
    }
    priors = {prior};
  } else if (holdout.value == 0) {
    priors = {0};  // nothing held out to choose by
  }
  auto in = open_input_file(file, err);
  if (!in) return 2;

  std::vector<std::string> errors;
  const auto games = read_pgn(*in, errors);
  for (const auto& error : errors) err << "brudno: " << file << ": " << error << " (left out)\n";
  Dataset training(fitted_features());
  Dataset held_out(fitted_features());
  std::size_t used_games = 0;
  const QuietFilter filter{static_cast<int>(skip_plies.value)};
  for (const auto& game : games) {
    const double result = white_score(game.result);
    if (result < 0) continue;  // unfinished
    Dataset& data =
        holdout.value > 0 && (used_games + 1) % holdout.value == 0 ? held_out : training;
    ++used_games;
    for_each_quiet_position(game, filter, [&](const games::Chess& position) {
      data.add(games::chess::eval::trace(position), result);
    });
  }
  out << "games: " << games.size() << " read, " << used_games << " with a result\n"
      << "quiet positions: " << training.size() << " fitted, " << held_out.size() << " held out"
      << (holdout.value > 0 ? " (every " + std::to_string(holdout.value) + "th game)" : "") << '\n';
  if (training.size() == 0) {
    err << "brudno: no quiet position to fit in " << file << '\n';
    return 1;
  }

  const auto before = training.current_weights();
  const double k = fit_scale(training, before);
  out << "scale K: " << fixed_decimals(k, 4) << " (fitted to the weights as they are)\n"
      << std::flush;
  const double before_fitted = training.mean_error(before, k);
  const double before_held_out = held_out.mean_error(before, k);
  std::vector<Weight> best;
  double best_held_out = 0;
  double best_prior = 0;
  for (const double prior : priors) {
    auto after = tune::tune(training, before, k,
                            TuneSettings{static_cast<int>(iterations.value), learning_rate, prior});
    // Scored as they will be written: whole centipawns.
    for (auto& weight : after) weight = {std::round(weight.mg), std::round(weight.eg)};
    const double held_out_error = held_out.mean_error(after, k);
    out << "prior " << prior << ": mean squared error, before -> after: fitted "
        << fixed_decimals(before_fitted, 6) << " -> "
        << fixed_decimals(training.mean_error(after, k), 6);
    if (held_out.size() > 0) {
      out << ", held out " << fixed_decimals(before_held_out, 6) << " -> "
          << fixed_decimals(held_out_error, 6);
    }
    out << '\n' << std::flush;
    if (best.empty() || held_out_error < best_held_out) {
      best = std::move(after);
      best_held_out = held_out_error;
      best_prior = prior;
    }
  }
  out << "kept: prior " << best_prior << "\n\n" << weights_as_cpp(best);
  return 0;
}

}  // namespace brudno::tools
