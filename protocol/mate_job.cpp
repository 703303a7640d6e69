#include "protocol/mate_job.hpp"

#include <chrono>
#include <exception>
#include <optional>
#include <utility>
#include <vector>

#include "protocol/mate_proofs.hpp"

namespace brudno::protocol {
namespace {

using games::Chess;
using games::chess::MateSearch;
using games::chess::Move;

// The line of a key: after each attacker move a reply that holds out
// longest, then the attacker's shortest mate, down to the mate. The key's
// length is its shortest mate, so some reply holds out exactly one move
// less: the one with no mate a move shorter still.
std::vector<Move> mate_line(MateSearch& search, MateSearch::Key key) {
  std::vector<Move> line{key.move};
  Chess& position = search.position();
  position.play(key.move);
  int left = key.moves - 1;
  while (left > 0 && !search.stopped()) {
    games::chess::MoveList replies;
    position.legal_moves(replies);
    std::optional<Move> longest;
    for (const Move reply : replies) {
      position.play(reply);
      const bool shorter = left > 1 && search.attacker_mates(left - 1);
      position.undo(reply);
      if (search.stopped()) break;
      if (!shorter) {
        longest = reply;
        break;
      }
    }
    if (!longest) break;  // stopped
    position.play(*longest);
    line.push_back(*longest);
    const auto move = search.mating_move(left);
    if (!move) break;
    position.play(*move);
    line.push_back(*move);
    left -= 1;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) position.undo(*it);
  return line;
}

// Gives a job's tables back to the session's books as the job ends, after
// the tables themselves (made after it, they go first).
struct ReleaseAtEnd {
  HeldMemory* held;
  ~ReleaseAtEnd() {
    if (held != nullptr) held->release();
  }
};

}  // namespace

std::function<std::string()> make_mate_job(const Chess& root, int moves, int lines,
                                           games::chess::MateTable& table, MateTables numbers,
                                           const std::atomic<bool>& stop, LineSink& out,
                                           std::function<std::string()> normal_search) {
  return [root, moves, lines, &table, numbers, &stop, &out, normal = std::move(normal_search)] {
    const ReleaseAtEnd release{numbers.held.get()};
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed_ms = [&start] {
      return std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::steady_clock::now() - start)
          .count();
    };
    MateSearch search(root, stop, table, MateSearch::Method::kProofNumbers, numbers.megabytes);
    std::vector<MateSearch::Key> keys;
    // With one line: a mate within `moves` is proved first and said at once,
    // its first move and the length of the mate proved (an upper bound);
    // then the search shows that none is shorter, which can take far
    // longer. Stopped in between, the mate proved is the answer.
    std::optional<MateSearch::Key> proved;
    if (lines > 1) {
      keys = search.all_keys(moves);
      if (keys.size() > static_cast<std::size_t>(lines))
        keys.resize(static_cast<std::size_t>(lines));
    } else if (const auto within = search.mate_within(moves)) {
      if (const auto move = search.mating_move(*within)) {
        proved = MateSearch::Key{*move, *within};
        out.write_line("info depth " + std::to_string(2 * *within - 1) + " score mate " +
                       std::to_string(*within) + " nodes " + std::to_string(search.nodes()) +
                       " time " + std::to_string(elapsed_ms()) + " pv " + root.write_move(*move));
        out.write_line("info string mate within " + std::to_string(*within) +
                       " proved; proving that none is shorter");
        if (const auto key = search.first_key(*within)) keys.push_back(*key);
      }
    }
    if (!search.stopped() && keys.empty() && proved) keys.push_back(*proved);
    if (search.stopped() && proved) {
      out.write_line("info string stopped before a shorter mate than " +
                     std::to_string(proved->moves) + " was ruled out");
      return "bestmove " + root.write_move(proved->move);
    }
    if (search.stopped()) {
      out.write_line("info string mate search stopped before it was done");
      return normal();
    }
    if (keys.empty()) {
      out.write_line("info string no mate in " + std::to_string(moves));
      return normal();
    }
    std::vector<Move> best_line;
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const auto line = mate_line(search, keys[i]);
      const auto ms = elapsed_ms();
      std::string text = "info depth " + std::to_string(2 * keys[i].moves - 1) + " seldepth " +
                         std::to_string(2 * keys[i].moves - 1) + " multipv " +
                         std::to_string(i + 1) + " score mate " + std::to_string(keys[i].moves) +
                         " nodes " + std::to_string(search.nodes()) + " time " +
                         std::to_string(ms) + " pv";
      for (const Move move : line) text += ' ' + root.write_move(move);
      out.write_line(text);
      if (i == 0) best_line = line;
    }
    std::string reply = "bestmove " + root.write_move(best_line.front());
    if (best_line.size() > 1) reply += " ponder " + root.write_move(best_line[1]);
    return reply;
  };
}

std::function<std::string()> make_mate_proof_job(const Chess& root, int moves, bool every_key,
                                                 MateTables tables, const std::atomic<bool>& stop,
                                                 LineSink& out) {
  return [root, moves, every_key, tables, &stop, &out]() -> std::string {
    const ReleaseAtEnd release{tables.held.get()};
    std::variant<MateProofs, std::string> proved;
    try {
      proved = prove_mates(root, moves, every_key, stop, tables.megabytes);
    } catch (const std::exception& failure) {
      proved = "the proof failed (" + std::string(failure.what()) + ")";
    }
    if (const auto* problem = std::get_if<std::string>(&proved)) {
      out.write_line("info string error: " + *problem);
      return std::string{};
    }
    const auto& document = std::get<MateProofs>(proved).document;
    for (const auto& proof : document.proofs)
      out.write_line("info string proof " + describe_proof(proof));
    return "proof " + write_proof_document(document);
  };
}

}  // namespace brudno::protocol
