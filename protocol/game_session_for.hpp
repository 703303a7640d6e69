#pragma once
// GameSession for one concrete game: the search is compiled for it.

#include "engine/game.hpp"
#include "engine/search.hpp"
#include "protocol/client_text.hpp"
#include "protocol/game_session.hpp"
#include "protocol/info_format.hpp"
#include "protocol/prove.hpp"

namespace brudno::protocol {

template <engine::Game G>
class GameSessionFor final : public GameSession {
 public:
  explicit GameSessionFor(engine::TranspositionTable& table) : table_(table) {}

  [[nodiscard]] std::string_view game_name() const override { return G::kName; }

  std::optional<std::string> set_position(std::optional<std::string_view> text,
                                          std::span<const std::string_view> moves) override {
    std::optional<G> position = text ? G::parse(*text) : G::start_position();
    if (!position) {
      return "bad " + std::string(G::kName) + " position " + quoted_excerpt(*text);
    }
    for (const auto word : moves) {
      const auto move = position->parse_move(word);
      if (!move) {
        return "illegal move " + quoted_excerpt(word) + " in " + position->to_text() +
               " (position unchanged)";
      }
      position->play(*move);
    }
    position_ = *position;
    return std::nullopt;
  }

  [[nodiscard]] std::string display() const override {
    // Lines of the board, each ending in a newline, then the text line: the
    // sink ends that one.
    return position_.to_display() + "text: " + position_.to_text();
  }

  [[nodiscard]] int side_to_move() const override { return position_.side_to_move(); }

  [[nodiscard]] std::function<std::string()> make_search(const engine::SearchLimits& limits,
                                                         const engine::SearchSettings& settings,
                                                         const std::atomic<bool>& stop,
                                                         engine::SearchClock& clock,
                                                         LineSink& out) override {
    if (limits.solve) last_solved_ = position_;
    return [root = position_, limits, settings, &stop, &clock, &out, &table = table_] {
      engine::Search<G> search(table, settings);
      const auto result = search.run(
          root, limits, stop,
          [&out](const auto& report) { out.write_line(format_info<G>(report)); }, &clock);
      if (limits.solve && !result.exact && !stop.load()) {
        out.write_line("info string error: the value could not be proven within " +
                       std::to_string(engine::kMaxPly) + " plies");
      }
      return format_bestmove<G>(result);
    };
  }

  [[nodiscard]] std::function<std::string()> make_proof(const std::atomic<bool>& stop,
                                                        LineSink& out) override {
    if (!last_solved_) return {};
    return [root = *last_solved_, &stop, &out, &table = table_] {
      auto proved = solve_and_prove(root, table, stop);
      if (const auto* problem = std::get_if<std::string>(&proved)) {
        out.write_line("info string error: " + *problem);
        return std::string{};
      }
      const auto& document = std::get<ProofDocument>(proved);
      for (const auto& proof : document.proofs)
        out.write_line("info string proof " + describe_proof(proof));
      return "proof " + write_proof_document(document);
    };
  }

 private:
  engine::TranspositionTable& table_;
  G position_ = G::start_position();
  std::optional<G> last_solved_;
};

}  // namespace brudno::protocol
