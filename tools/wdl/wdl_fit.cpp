#include "tools/wdl/wdl_fit.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace brudno::tools::wdl {
namespace {

using games::chess::WdlModel;

constexpr double kSmallest = 1e-12;  // keeps every logarithm finite

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// The powers of the scaled material that a and b are cubics in.
std::array<double, 4> powers(int material) {
  const double m = material / games::chess::kWdlMaterialScale;
  return {1.0, m, m * m, m * m * m};
}

// One sample's log-likelihood and its gradient in the eight coefficients.
double add_gradient(const WdlModel& model, const WdlSample& sample,
                    std::array<double, 8>& gradient) {
  const auto m = powers(sample.material);
  const double a = games::chess::wdl_a(model, sample.material);
  const double b = games::chess::wdl_b(model, sample.material);
  const double u = (sample.score - a) / b;   // the win's logistic argument
  const double v = (-sample.score - a) / b;  // the loss's
  const double win = sigmoid(u);
  const double loss = sigmoid(v);
  const double draw = std::max(1.0 - win - loss, kSmallest);
  // d(win)/da = -s'(u) / b, d(win)/db = -s'(u) u / b; the loss alike with v.
  const double win_slope = win * (1 - win);
  const double loss_slope = loss * (1 - loss);
  const double dwin_da = -win_slope / b;
  const double dwin_db = -win_slope * u / b;
  const double dloss_da = -loss_slope / b;
  const double dloss_db = -loss_slope * v / b;
  double dlog_da = 0;
  double dlog_db = 0;
  double likelihood = 0;
  if (sample.outcome > 0) {
    likelihood = std::max(win, kSmallest);
    dlog_da = dwin_da / likelihood;
    dlog_db = dwin_db / likelihood;
  } else if (sample.outcome < 0) {
    likelihood = std::max(loss, kSmallest);
    dlog_da = dloss_da / likelihood;
    dlog_db = dloss_db / likelihood;
  } else {
    likelihood = draw;
    dlog_da = -(dwin_da + dloss_da) / draw;
    dlog_db = -(dwin_db + dloss_db) / draw;
  }
  for (int k = 0; k < 4; ++k) {
    gradient[k] += dlog_da * m[k];
    gradient[4 + k] += dlog_db * m[k];
  }
  return std::log(likelihood);
}

}  // namespace

std::optional<double> comment_score(const std::string& comment) {
  std::size_t at = 0;
  while (at < comment.size() && comment[at] == ' ') ++at;
  if (at < comment.size() && comment[at] == '+') ++at;
  const std::size_t slash = comment.find('/', at);
  if (slash == std::string::npos) return std::nullopt;
  double pawns = 0;
  const char* first = comment.data() + at;
  const char* last = comment.data() + slash;
  const auto [end, error] = std::from_chars(first, last, pawns);
  if (error != std::errc{} || end != last) return std::nullopt;  // a mate, "M3", or no score
  return std::round(pawns * 100);
}

std::vector<WdlSample> samples_of(const std::vector<tune::PgnGame>& games) {
  std::vector<WdlSample> samples;
  for (const auto& game : games) {
    const double white = tune::white_score(game.result);
    if (white < 0) continue;  // unfinished
    games::Chess position = game.start;
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
      if (ply < game.comments.size()) {
        if (const auto score = comment_score(game.comments[ply])) {
          const bool white_moves = position.side_to_move() == 0;
          const double mine = white_moves ? white : 1 - white;
          const int outcome = mine > 0.75 ? 1 : mine < 0.25 ? -1 : 0;
          samples.push_back({*score, games::chess::wdl_material(position), outcome});
        }
      }
      position.play(game.moves[ply]);
    }
  }
  return samples;
}

double log_loss(const WdlModel& model, const std::vector<WdlSample>& samples) {
  if (samples.empty()) return 0;
  std::array<double, 8> unused{};
  double total = 0;
  for (const auto& sample : samples) total += add_gradient(model, sample, unused);
  return -total / static_cast<double>(samples.size());
}

WdlModel fit(const std::vector<WdlSample>& samples, const WdlModel& start,
             const FitOptions& options) {
  WdlModel model = start;
  if (samples.empty()) return model;
  std::array<double, 8> first_moment{};
  std::array<double, 8> second_moment{};
  constexpr double kBeta1 = 0.9;
  constexpr double kBeta2 = 0.999;
  constexpr double kEpsilon = 1e-12;
  const double count = static_cast<double>(samples.size());
  for (int step = 1; step <= options.iterations; ++step) {
    std::array<double, 8> gradient{};
    for (const auto& sample : samples) add_gradient(model, sample, gradient);
    for (int k = 0; k < 8; ++k) {
      const double g = -gradient[k] / count;  // of the mean negative log-likelihood
      first_moment[k] = kBeta1 * first_moment[k] + (1 - kBeta1) * g;
      second_moment[k] = kBeta2 * second_moment[k] + (1 - kBeta2) * g * g;
      const double mean = first_moment[k] / (1 - std::pow(kBeta1, step));
      const double spread = second_moment[k] / (1 - std::pow(kBeta2, step));
      double& coefficient = k < 4 ? model.a[k] : model.b[k - 4];
      coefficient -= options.learning_rate * mean / (std::sqrt(spread) + kEpsilon);
    }
  }
  return model;
}

}  // namespace brudno::tools::wdl
