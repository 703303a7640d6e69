#include "protocol/problem_session.hpp"

#include <array>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "engine/single_agent/strategies.hpp"
#include "games/puzzle_registry.hpp"
#include "games/sliding_tile/heuristics.hpp"
#include "games/sliding_tile/partitions.hpp"
#include "protocol/client_text.hpp"
#include "protocol/session_memory.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {
namespace {

// What a ProblemSession asks of a puzzle: a default state, text to read and
// write its states and moves, and the sliding-tile heuristics and pattern
// databases of a board of its size. The registered puzzles that have it are
// the session's (after the games in `uci`'s list); `brudno solve` has the others.
template <class P>
concept SessionPuzzle = std::default_initializable<P> &&
    requires(const P& board, std::string_view text) {
  { P::parse(text) } -> std::same_as<std::variant<P, std::string>>;
  { board.to_text() } -> std::convertible_to<std::string>;
  { board.to_display() } -> std::convertible_to<std::string>;
  { P::move_text(typename P::Move{}) } -> std::convertible_to<std::string_view>;
  { P::kWidth } -> std::convertible_to<int>;
  { P::kHeight } -> std::convertible_to<int>;
  { games::Manhattan{}(board) } -> std::convertible_to<int>;
};

template <class... Entries>
constexpr auto session_puzzle_names(games::Registry<Entries...>) {
  std::array<std::string_view, (0 + ... + (SessionPuzzle<typename Entries::Type> ? 1 : 0))> names{};
  std::size_t at = 0;
  ((SessionPuzzle<typename Entries::Type> ? void(names[at++] = Entries::kName) : void()), ...);
  return names;
}

constexpr auto kProblemNames = session_puzzle_names(games::RegisteredPuzzles{});
// Pattern databases a session may build: seconds at most (the 7-8 pair
// takes far longer and gigabytes, docs/benchmarks.md has its figures;
// `brudno solve` has it).
constexpr std::array<std::string_view, 6> kHeuristicNames = {"none",   "misplaced", "manhattan",
                                                             "linear", "pdb555",    "pdb663"};

std::string heuristic_names() {
  std::string names;
  for (const auto name : kHeuristicNames) names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

// Why a search stopped for memory, and where the limit comes from.
std::string memory_limit_line(const SearchMemoryGrant& grant, const SessionMemory& books) {
  const std::string held = std::to_string(grant.megabytes()) + " MB of states held";
  if (grant.refusal() == SessionMemory::Refusal::kServer) {
    return "info string the search stopped at the server's memory limit: " + held +
           ", and the memory of all sessions together (brudno serve --max-total-hash) is in use";
  }
  return "info string the search stopped at the session's memory limit: " + held +
         ", of a budget of " + std::to_string(books.budget()) +
         " MB for all this session holds (brudno serve --max-hash)";
}

template <class Board>
class ProblemSession final : public GameSession {
 public:
  explicit ProblemSession(std::string_view name) : name_(name) {}

  [[nodiscard]] std::string_view game_name() const override { return name_; }
  [[nodiscard]] bool uses_table() const override { return false; }

  std::optional<std::string> set_position(std::optional<std::string_view> text,
                                          std::span<const std::string_view> moves) override {
    Board board;
    if (text) {
      auto parsed = Board::parse(*text);
      if (const auto* problem = std::get_if<std::string>(&parsed)) {
        return "bad " + std::string(name_) + " position " + quoted_excerpt(*text) + ": " + *problem;
      }
      board = std::get<Board>(parsed);
    }
    for (const auto word : moves) {
      const auto move = parse_move(board, word);
      if (!move) {
        return "illegal move " + quoted_excerpt(word) + " in " + board.to_text() +
               " (the blank moves u, l, r or d; position unchanged)";
      }
      board.play(*move);
    }
    board_ = board;
    return std::nullopt;
  }

  [[nodiscard]] std::string display() const override {
    return board_.to_display() + "text: " + board_.to_text();
  }
  [[nodiscard]] int side_to_move() const override { return 0; }

  [[nodiscard]] std::vector<std::string> option_lines() const override {
    std::string algorithm = "option name Algorithm type combo default idastar";
    for (const auto& [known, strategy] : engine::kStrategies)
      algorithm += " var " + std::string(known);
    std::string heuristic = "option name Heuristic type combo default manhattan";
    for (const std::string_view known : kHeuristicNames) {
      const bool partition = known.starts_with("pdb");
      if (!partition || games::find_partition(known, Board::kWidth, Board::kHeight))
        heuristic += " var " + std::string(known);
    }
    return {algorithm, heuristic};
  }

  std::optional<std::string> set_game_option(std::string_view name,
                                             std::string_view value) override {
    if (equals_ignoring_case(name, "Algorithm")) {
      const auto strategy = engine::find_strategy(value);
      if (!strategy) {
        return "Algorithm must be one of bfs, dfs, iddfs, ucs, greedy, astar, wastar, idastar; "
               "got " +
               quoted_excerpt(value);
      }
      strategy_ = *strategy;
      return std::string{};
    }
    if (equals_ignoring_case(name, "Heuristic")) {
      const std::string wanted(value);
      const bool partition = wanted == "pdb555" || wanted == "pdb663";
      if (!partition && wanted != "none" && wanted != "misplaced" && wanted != "manhattan" &&
          wanted != "linear") {
        return "Heuristic must be one of " + heuristic_names() + "; got " + quoted_excerpt(value);
      }
      if (partition && !games::find_partition(wanted, Board::kWidth, Board::kHeight))
        return std::string(name_) + " has no heuristic " + quoted_excerpt(value);
      heuristic_ = wanted;
      return std::string{};
    }
    return std::nullopt;
  }

  [[nodiscard]] std::function<std::string()> make_search(
      const engine::SearchLimits& limits, const engine::SearchSettings&,
      std::span<const std::string_view> search_moves, const std::atomic<bool>& stop,
      engine::SearchClock&, LineSink& out) override {
    if (!search_moves.empty()) {
      out.write_line(
          "info string error: searchmoves: a puzzle's plan starts with any move; "
          "ignored");
    }
    return [board = board_, strategy = strategy_, heuristic = heuristic_, cache = patterns_,
            nodes = limits.nodes, books = books_, &stop, &out] {
      // Read or built on the search thread, so the session answers isready
      // meanwhile; kept for the session's next search.
      const games::AdditivePatterns* patterns = nullptr;
      if (heuristic == "pdb555" || heuristic == "pdb663") {
        const std::lock_guard lock(cache->mutex);
        if (cache->name != heuristic) {
          games::PatternCacheReport report;
          cache->patterns = std::make_shared<games::AdditivePatterns>(games::load_partition(
              *games::find_partition(heuristic, Board::kWidth, Board::kHeight),
              games::default_cache_directory(), 1, report));
          cache->name = heuristic;
          for (const auto& note : report.notes)
            out.write_line("info string pattern database " + note);
        }
        patterns = cache->patterns.get();
      }
      // The states a graph search keeps are the session's memory: under a
      // budget they are charged to it as they grow, and given back at the end.
      std::optional<SearchMemoryGrant> grant;
      if (books != nullptr && books->bounded()) grant.emplace(*books);
      const engine::SearchBudget budget{nodes ? *nodes : std::numeric_limits<std::uint64_t>::max(),
                                        &stop, grant ? &*grant : nullptr};
      const auto start = std::chrono::steady_clock::now();
      const auto milliseconds = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
            .count();
      };
      const auto on_pass = [&](int bound) {
        out.write_line("info string f bound " + std::to_string(bound) + " time " +
                       std::to_string(milliseconds()));
      };
      const auto run = [&](const auto& h) {
        return engine::run_strategy(strategy, board, h, 2.0, budget, on_pass);
      };
      const auto result = heuristic == "none"        ? run(engine::ZeroHeuristic{})
                          : heuristic == "misplaced" ? run(games::MisplacedTiles{})
                          : heuristic == "linear"    ? run(games::LinearConflict{})
                          : patterns                 ? run(*patterns)
                                                     : run(games::Manhattan{});
      const auto& outcome = std::get<0>(result);
      const auto time = milliseconds();
      if (outcome.out_of_memory && grant) out.write_line(memory_limit_line(*grant, *books));
      if (!outcome.solved) {
        out.write_line(std::string("info string ") +
                       (outcome.stopped ? "stopped before a plan was found" : "no plan") +
                       " nodes " + std::to_string(outcome.generated));
        return std::string("bestmove (none)");
      }
      std::string line = "info depth " + std::to_string(outcome.path.size()) + " nodes " +
                         std::to_string(outcome.generated) + " nps " +
                         std::to_string(outcome.generated * 1000 / std::max<long long>(1, time)) +
                         " time " + std::to_string(time) + " pv";
      for (const auto move : outcome.path) line.append(" ").append(Board::move_text(move));
      out.write_line(line);
      if (outcome.path.empty()) return std::string("bestmove (none)");
      return "bestmove " + std::string(Board::move_text(outcome.path.front()));
    };
  }

  [[nodiscard]] std::string bestmove_without_search() const override {
    engine::MoveList<typename Board::Move> moves;
    if (!board_.is_goal()) board_.successors(moves);
    if (moves.empty()) return "bestmove (none)";
    return "bestmove " + std::string(Board::move_text(moves[0]));
  }

  [[nodiscard]] std::function<std::string()> make_perft(
      int depth, LineSink& out, const std::atomic<bool>& abandoned) override {
    // Puzzles branch at most four ways: a count to the deepest `go perft`
    // takes milliseconds, so it looks at `abandoned` between moves only.
    return [board = board_, depth, &out, &abandoned]() mutable {
      engine::MoveList<typename Board::Move> moves;
      board.successors(moves);
      std::uint64_t total = 0;
      for (const auto move : moves) {
        if (abandoned.load()) return std::string{};
        board.play(move);
        const std::uint64_t nodes = count_sequences(board, depth - 1);
        board.undo(move);
        out.write_line(std::string(Board::move_text(move)) + ": " + std::to_string(nodes));
        total += nodes;
      }
      out.write_line("");
      return "Nodes searched: " + std::to_string(total);
    };
  }

  [[nodiscard]] std::string evaluation() const override {
    return "Manhattan distance: " + std::to_string(games::Manhattan{}(board_)) +
           ", misplaced tiles: " + std::to_string(games::MisplacedTiles{}(board_));
  }

  [[nodiscard]] std::function<std::string()> make_proof(const std::atomic<bool>&,
                                                        LineSink&) override {
    return {};
  }

 private:
  // Blank-move sequences of `depth` moves, as perft counts them.
  static std::uint64_t count_sequences(Board& board, int depth) {
    if (depth <= 0) return 1;
    engine::MoveList<typename Board::Move> moves;
    board.successors(moves);
    std::uint64_t total = 0;
    for (const auto move : moves) {
      board.play(move);
      total += count_sequences(board, depth - 1);
      board.undo(move);
    }
    return total;
  }

  static std::optional<typename Board::Move> parse_move(const Board& board, std::string_view word) {
    engine::MoveList<typename Board::Move> moves;
    board.successors(moves);
    for (const auto move : moves) {
      if (Board::move_text(move) == word) return move;
    }
    return std::nullopt;
  }

  std::string_view name_;
  Board board_;
  engine::Strategy strategy_ = engine::Strategy::kIdaStar;
  std::string heuristic_ = "manhattan";
  // The last pattern databases a search used, shared with the search jobs.
  struct PatternCache {
    std::mutex mutex;
    std::string name;
    std::shared_ptr<const games::AdditivePatterns> patterns;
  };
  std::shared_ptr<PatternCache> patterns_ = std::make_shared<PatternCache>();
};

}  // namespace

std::span<const std::string_view> problem_names() {
  return kProblemNames;
}

std::unique_ptr<GameSession> make_problem_session(std::string_view name) {
  std::unique_ptr<GameSession> session;
  games::RegisteredPuzzles::visit(name, [&]<class Entry>() {
    using Puzzle = typename Entry::Type;
    // The session keeps the name: the registry's, which lives as long as the program.
    if constexpr (SessionPuzzle<Puzzle>)
      session = std::make_unique<ProblemSession<Puzzle>>(Entry::kName);
  });
  return session;
}

}  // namespace brudno::protocol
