#pragma once
// GameSession for one concrete game: the search is compiled for it.

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/perft.hpp"
#include "engine/search.hpp"
#include "engine/strength_limit.hpp"
#include "engine/terminal.hpp"
#include "protocol/client_text.hpp"
#include "protocol/game_features.hpp"
#include "protocol/game_searches.hpp"
#include "protocol/game_session.hpp"
#include "protocol/info_format.hpp"
#include "protocol/mate_job.hpp"
#include "protocol/mate_memory.hpp"
#include "protocol/protocol_traits.hpp"
#include "protocol/prove.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {

// A game with a Chess960 mode (chess): it reads its text in either mode.
template <engine::Game G>
inline constexpr bool kHasChess960 = ProtocolTraits<G>::kChess960;

template <engine::Game G>
class GameSessionFor final : public GameSession {
 public:
  GameSessionFor(engine::TranspositionTable& table, engine::SearchMemory& memory)
      : table_(table), memory_(memory) {}

  [[nodiscard]] std::string_view game_name() const override { return G::kName; }

  void ready_search_memory(int threads) override {
    memory_.reserve(std::max(threads, 1), engine::ordering_shape<G>());
  }
  [[nodiscard]] bool search_memory_ready(int threads) const override {
    return memory_.reserved(std::max(threads, 1), engine::ordering_shape<G>());
  }

  std::optional<std::string> set_position(std::optional<std::string_view> text,
                                          std::span<const std::string_view> moves) override {
    std::string fault;
    std::optional<G> position = G::start_position();
    if constexpr (kHasChess960<G>) {
      // startpos in Chess960 mode: standard chess, its castling written e1h1.
      if (chess960_) position = G::parse(G::kStartFen, fault, true);
    }
    if (text) {
      // A game that can say what is wrong with a text (chess) says it.
      if constexpr (kHasChess960<G>) {
        position = G::parse(*text, fault, chess960_);
      } else if constexpr (ProtocolTraits<G>::kExplainsBadPositions) {
        position = G::parse(*text, fault);
      } else {
        position = G::parse(*text);
      }
    }
    if (!position) {
      return "bad " + std::string(G::kName) + " position " + quoted_excerpt(*text) +
             (fault.empty() ? std::string{} : ": " + fault);
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

  [[nodiscard]] std::function<std::string()> make_search(
      const engine::SearchLimits& limits, const engine::SearchSettings& settings,
      std::span<const std::string_view> search_moves, const std::atomic<bool>& stop,
      engine::SearchClock& clock, LineSink& out) override {
    engine::SearchLimits limits_used = limits;
    if constexpr (engine::HasChance<G>) {
      // The next event is chance's, not the player's: there is no move to choose.
      if (position_.is_chance_node()) {
        out.write_line("info string error: the next event in " + position_.to_text() +
                       " is chance's; give its outcome in position ... moves");
        return [] { return std::string("bestmove (none)"); };
      }
    }
    if constexpr (engine::HasPlyBound<G>) {
      if (limits.solve) last_solved_ = position_;
    } else if (limits.solve) {
      // Only a game with a bound on its length is solved to its end.
      out.write_line("info string error: go solve: " + std::string(G::kName) +
                     " has no bound on its length to solve within; searching to depth 1");
      limits_used.solve = false;
      limits_used.depth = 1;
    }
    engine::SearchSettings settings_used = settings;
    std::optional<engine::WeakerPlay> weaker;
    if constexpr (kOffersStrengthLimit) {
      if (limit_strength_) {
        weaker = engine::weaker_play_at_level(GameFeatures<G>::level_for_elo(elo_));
        settings_used.multipv = std::max(settings.multipv, weaker->lines);
        limits_used.depth = std::min(limits.depth.value_or(weaker->depth), weaker->depth);
      }
    }
    auto search_job = [root = configured(position_), limits = limits_used, settings = settings_used,
                       shown_lines = settings.multipv, weaker, seed = random_(),
                       only = read_search_moves(search_moves, out),
                       fallback = bestmove_without_search(), show_wdl = show_wdl_, &stop, &clock,
                       &out, &table = table_, &memory = memory_] {
      try {
        engine::Search<G> search(table, settings, &memory);
        search.report_root_moves([&out, &root](const auto& current) {
          out.write_line(format_current_move<G>(root, current));
        });
        // The lines of the last iteration, best first: a weaker player draws among them.
        std::vector<engine::IterationReport<typename G::Move>> last_lines;
        auto result = search.run(
            root, limits, stop,
            [&](const auto& report) {
              if (last_lines.empty() || last_lines.front().depth != report.depth)
                last_lines.clear();
              last_lines.push_back(report);
              // A weaker player searches more lines than the client asked to see.
              if (report.multipv > shown_lines) return;
              out.write_line(format_info<G>(root, report, wdl_of(root, report.score, show_wdl)));
            },
            &clock, only);
        if (limits.solve && !result.exact && !stop.load()) {
          out.write_line("info string error: the value could not be proven within " +
                         std::to_string(engine::kMaxPly) + " plies");
        }
        if (weaker && !last_lines.empty() && !last_lines.front().pv.empty()) {
          play_weaker(result, last_lines, *weaker, seed);
        }
        return format_bestmove<G>(root, result);
      } catch (const std::exception& failure) {
        // Out of memory for a thread's stacks, say: the session goes on.
        out.write_line("info string error: the search failed (" + std::string(failure.what()) +
                       "); answering without it");
        return fallback;
      }
    };
    if constexpr (std::is_same_v<G, games::Chess>) {
      // `go mate N` alone: the exact mate search answers, the normal search
      // only where it finds no mate. Past its longest mate, the main search.
      if (limits.mate && *limits.mate <= games::chess::MateSearch::kMaxMoves &&
          mate_alone(limits) && search_moves.empty()) {
        // Its tables are the session's memory: the kept one charged while
        // kept, the proof-number one while the search runs.
        if (!mate_table_) {
          auto kept = reserve_mate_tables(books_, 1);
          if (kept.megabytes == 0) {
            out.write_line(kNoRoomForMateTables);
            return search_job;
          }
          mate_table_ = std::make_unique<games::chess::MateTable>(kept.megabytes);
          mate_table_held_ = std::move(kept.held);
        }
        auto numbers = reserve_mate_tables(books_, 1);
        if (numbers.megabytes == 0) {
          out.write_line(kNoRoomForMateTables);
          return search_job;
        }
        const int moves = *limits.mate;
        last_mate_ = LastMate{position_, moves, settings.multipv > 1};
        return make_mate_job(configured(position_), moves, settings.multipv, *mate_table_,
                             std::move(numbers), stop, out, std::move(search_job));
      }
    }
    return search_job;
  }

  void forget_game() override {
    if (mate_table_) mate_table_->clear();
  }

  void drop_kept_tables() override {
    mate_table_.reset();
    mate_table_held_.reset();
  }

  [[nodiscard]] std::vector<std::string> option_lines() const override {
    std::vector<std::string> lines;
    if constexpr (kHasWdlModel) lines.push_back("option name UCI_ShowWDL type check default false");
    if constexpr (kOffersStrengthLimit) {
      lines.push_back("option name UCI_LimitStrength type check default false");
      lines.push_back("option name UCI_Elo type spin default " +
                      std::to_string(GameFeatures<G>::kLimitedEloMin) + " min " +
                      std::to_string(GameFeatures<G>::kLimitedEloMin) + " max " +
                      std::to_string(GameFeatures<G>::kLimitedEloMax));
    }
    if constexpr (kHasChess960<G>)
      lines.push_back("option name UCI_Chess960 type check default false");
    if constexpr (HasGameOptions<G>) {
      for (auto& line : GameFeatures<G>::option_lines()) lines.push_back(std::move(line));
    }
    return lines;
  }

  [[nodiscard]] bool is_host_option(std::string_view name) const override {
    if constexpr (HasGameOptions<G>) return GameFeatures<G>::is_host_option(name);
    return false;
  }

  std::optional<std::string> set_game_option(std::string_view name,
                                             std::string_view value) override {
    if constexpr (kHasWdlModel) {
      if (equals_ignoring_case(name, "UCI_ShowWDL")) return set_check(name, value, show_wdl_);
    }
    if constexpr (kOffersStrengthLimit) {
      if (equals_ignoring_case(name, "UCI_LimitStrength"))
        return set_check(name, value, limit_strength_);
      if (equals_ignoring_case(name, "UCI_Elo")) {
        const auto elo = parse_integer<int>(value);
        if (!elo || *elo < GameFeatures<G>::kLimitedEloMin ||
            *elo > GameFeatures<G>::kLimitedEloMax) {
          return "UCI_Elo must be an integer from " +
                 std::to_string(GameFeatures<G>::kLimitedEloMin) + " to " +
                 std::to_string(GameFeatures<G>::kLimitedEloMax) + ", got " + quoted_excerpt(value);
        }
        elo_ = *elo;
        return std::string{};
      }
    }
    if constexpr (kHasChess960<G>) {
      if (equals_ignoring_case(name, "UCI_Chess960")) {
        const auto on = read_check_value(value);
        if (!on) return "UCI_Chess960 is true or false, not " + quoted_excerpt(value);
        chess960_ = *on;
        // The position takes the mode (its history kept); one with Chess960
        // castling that standard mode cannot hold becomes the start position.
        if (!position_.set_chess960(chess960_)) position_ = G::start_position();
        return std::string{};
      }
    }
    if constexpr (HasGameOptions<G>) return GameFeatures<G>::set_option(game_options_, name, value);
    return std::nullopt;
  }

  [[nodiscard]] std::function<std::string()> make_perft(
      int depth, LineSink& out, const std::atomic<bool>& abandoned) override {
    return [root = position_, depth, &out, &abandoned]() mutable {
      const auto division = perft_division(root, depth, &abandoned);
      if (abandoned.load()) return std::string{};
      std::uint64_t total = 0;
      for (const auto& [move, nodes] : division) {
        out.write_line(move_text_from(root, move) + ": " + std::to_string(nodes));
        total += nodes;
      }
      out.write_line("");
      return "Nodes searched: " + std::to_string(total);
    };
  }

  [[nodiscard]] std::string evaluation() const override {
    if constexpr (HasEvaluationBreakdown<G>) {
      std::string text = GameFeatures<G>::evaluation_breakdown(configured(position_));
      while (!text.empty() && text.back() == '\n') text.pop_back();
      return text;
    } else {
      return "Static value: " + std::to_string(configured(position_).evaluate()) +
             " (for the side to move, " + std::string(G::kName) + " units)";
    }
  }

  [[nodiscard]] std::string bestmove_without_search() const override {
    engine::MoveList<typename G::Move> moves;
    if (engine::plays_on<G>(position_.status())) position_.legal_moves(moves);
    engine::SearchResult<typename G::Move> result;
    if (!moves.empty()) result.best_move = moves[0];
    return format_bestmove<G>(position_, result);
  }

  [[nodiscard]] std::function<std::string()> make_proof(const std::atomic<bool>& stop,
                                                        LineSink& out) override {
    if constexpr (std::is_same_v<G, games::Chess>) {
      // The mates of the last `go mate N`: chess is never solved to its end.
      if (!last_mate_) return {};
      auto tables = reserve_mate_tables(books_, 2);
      if (tables.megabytes == 0) {
        return [&out] {
          out.write_line(
              "info string error: no memory left for the proof's tables (this session's budget, "
              "brudno serve --max-hash, or the server's total, --max-total-hash, is in use)");
          return std::string{};
        };
      }
      return make_mate_proof_job(last_mate_->position, last_mate_->moves, last_mate_->every_key,
                                 std::move(tables), stop, out);
    } else if constexpr (!engine::HasPlyBound<G>) {
      (void)stop;
      (void)out;
      return {};  // nothing is ever solved (see make_search)
    } else {
      return make_proof_of_solved(stop, out);
    }
  }

 private:
  // A game with a win/draw/loss model offers UCI_ShowWDL, one with a
  // calibrated Elo scale UCI_LimitStrength (see GameFeatures).
  static constexpr bool kHasWdlModel = HasWdlModel<G>;
  static constexpr bool kOffersStrengthLimit = HasStrengthLimit<G>;
  static constexpr int lowest_limited_elo() {
    if constexpr (kOffersStrengthLimit) {
      return GameFeatures<G>::kLimitedEloMin;
    } else {
      return 0;  // no UCI_Elo
    }
  }

  // `go mate N` with no other limit: the exact mate search's question.
  static bool mate_alone(const engine::SearchLimits& limits) {
    return !limits.depth && !limits.nodes && !limits.movetime && !limits.infinite &&
           !limits.solve && !limits.ponder && !limits.time[0] && !limits.time[1];
  }

  static std::string set_check(std::string_view name, std::string_view value, bool& option) {
    if (equals_ignoring_case(value, "true") || equals_ignoring_case(value, "false")) {
      option = equals_ignoring_case(value, "true");
      return {};
    }
    return std::string(name) + " must be true or false, got " + quoted_excerpt(value);
  }

  // Replaces the search's move by a weaker player's pick among `lines` (the
  // last iteration's, best first); the reported score stays the search's.
  static void play_weaker(engine::SearchResult<typename G::Move>& result,
                          const std::vector<engine::IterationReport<typename G::Move>>& lines,
                          const engine::WeakerPlay& weaker, std::uint64_t seed) {
    std::vector<engine::Score> scores;
    for (const auto& line : lines) scores.push_back(line.score);
    std::mt19937_64 random(seed);
    const auto& picked = lines[engine::pick_weaker_line(scores, weaker.weakness, random)];
    if (picked.pv.empty()) return;
    result.best_move = picked.pv[0];
    result.ponder_move = picked.pv.size() > 1 ? std::optional{picked.pv[1]} : std::nullopt;
  }

  static std::optional<WdlPerMille> wdl_of(const G& root, engine::Score score, bool show) {
    if constexpr (kHasWdlModel) {
      if (!show) return std::nullopt;
      return GameFeatures<G>::win_draw_loss(root, score);
    } else {
      (void)root;
      (void)score;
      (void)show;
      return std::nullopt;
    }
  }

  [[nodiscard]] std::function<std::string()> make_proof_of_solved(const std::atomic<bool>& stop,
                                                                  LineSink& out) {
    if (!last_solved_) return {};
    return [root = *last_solved_, &stop, &out, &table = table_]() -> std::string {
      std::variant<ProofDocument, std::string> proved;
      try {
        proved = solve_and_prove(root, table, stop);
      } catch (const std::exception& failure) {
        proved = "the proof failed (" + std::string(failure.what()) + ")";
      }
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

  // Each legal move and the perft count below it: the game's own perft
  // where it has one (chess counts its last ply in bulk), else the engine's.
  static auto perft_division(G& root, int depth, const std::atomic<bool>* abandoned) {
    if constexpr (ProtocolTraits<G>::kOwnPerft) {
      return perft_divide(root, depth, abandoned);
    } else {
      std::vector<std::pair<typename G::Move, std::uint64_t>> division;
      engine::MoveList<typename G::Move> moves;
      if (root.status() == engine::Status::kOngoing) root.legal_moves(moves);
      for (const auto move : moves) {
        root.play(move);
        division.emplace_back(move, engine::perft(root, depth - 1, abandoned));
        root.undo(move);
      }
      return division;
    }
  }

  // The legal moves among `texts`; each word that is not one is reported.
  std::vector<typename G::Move> read_search_moves(std::span<const std::string_view> texts,
                                                  LineSink& out) const {
    std::vector<typename G::Move> moves;
    for (const auto text : texts) {
      if (const auto move = position_.parse_move(text)) {
        moves.push_back(*move);
      } else {
        out.write_line("info string error: searchmoves: " + quoted_excerpt(text) +
                       " is not a legal move in " + position_.to_text() + "; ignored");
      }
    }
    if (!texts.empty() && moves.empty()) {
      out.write_line("info string error: searchmoves: no legal move given; searching every move");
    }
    return moves;
  }

  // The position as this session's searches and `eval` see it: with the
  // game's own options applied (chess: the network it evaluates with).
  [[nodiscard]] G configured(G position) const {
    if constexpr (HasGameOptions<G>)
      GameFeatures<G>::configure(position, game_options_, limit_strength_);
    return position;
  }

  engine::TranspositionTable& table_;
  engine::SearchMemory& memory_;  // kept from one search to the next
  G position_ = G::start_position();
  // UCI_Chess960 (chess): positions are read and moves written in Chess960 mode.
  bool chess960_ = false;
  std::optional<G> last_solved_;
  // Chess: the table of the exact mate search, kept from one `go mate` to
  // the next (what it holds stays true), and the last `go mate N` for `proof`.
  std::unique_ptr<games::chess::MateTable> mate_table_;
  // Its charge in the session's books (mate_memory.hpp).
  std::shared_ptr<HeldMemory> mate_table_held_;
  struct LastMate {
    G position;
    int moves;
    bool every_key;
  };
  std::optional<LastMate> last_mate_;
  bool show_wdl_ = false;
  bool limit_strength_ = false;
  // The game's own options (chess: the network it evaluates with).
  [[no_unique_address]] typename GameOptionsOf<G>::type game_options_{};
  int elo_ = lowest_limited_elo();
  // Seeds each weaker player's pick; from the system's entropy, so that two
  // games from one position differ.
  std::mt19937_64 random_{std::random_device{}()};
};

}  // namespace brudno::protocol
