#pragma once
// Fitting the win/draw/loss model (games/chess/training/wdl_model.hpp) to games: each
// sample is a position's score for the side to move, its material and how
// the game ended for that side; the fit maximises the likelihood of those
// ends under the model.

#include <cstddef>
#include <string>
#include <vector>

#include "games/chess/training/wdl_model.hpp"
#include "tools/tune/pgn_reader.hpp"

namespace brudno::tools::wdl {

struct WdlSample {
  double score = 0;  // centipawns, for the side to move
  int material = 0;  // as games::chess::wdl_material counts it
  int outcome = 0;   // for the side to move: 1 won, 0 drawn, -1 lost
};

// A score comment as brudno-match writes it ("+0.08/9 0.075s", "-1.25/12 ..."),
// in centipawns; nothing for a mate ("+M3/...") or a comment with no score.
std::optional<double> comment_score(const std::string& comment);

// The samples of finished games: every move with a score comment.
std::vector<WdlSample> samples_of(const std::vector<tune::PgnGame>& games);

// The mean negative log-likelihood of the samples' outcomes (natural log).
double log_loss(const games::chess::WdlModel& model, const std::vector<WdlSample>& samples);

struct FitOptions {
  int iterations = 4000;
  double learning_rate = 1.0;  // centipawns a coefficient moves a step, about
};

// The maximum-likelihood model, from `start`, by full-batch gradient steps
// (Adam, so that every coefficient moves at its own scale).
games::chess::WdlModel fit(const std::vector<WdlSample>& samples,
                           const games::chess::WdlModel& start, const FitOptions& options);

}  // namespace brudno::tools::wdl
