// The evaluation: colour symmetry term by term, the trace a tuner reads
// adding up to evaluate(), the incremental piece-square sum, and each term
// moving the right way on hand-made positions.

#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/eval/evaluation.hpp"
#include "tests/games/chess_test_positions.hpp"

namespace brudno::games {
namespace {

using chess::kBlack;
using chess::kWhite;
using chess_test::position;
namespace eval = chess::eval;

// The colour-flipped mirror: ranks reversed, white and black swapped, the
// other side to move.
std::string mirror(const std::string& fen) {
  std::vector<std::string> fields;
  std::size_t at = 0;
  while (at <= fen.size()) {
    const std::size_t end = std::min(fen.find(' ', at), fen.size());
    fields.push_back(fen.substr(at, end - at));
    at = end + 1;
  }
  std::vector<std::string> ranks;
  for (std::size_t from = 0;;) {
    const std::size_t slash = fields[0].find('/', from);
    ranks.push_back(fields[0].substr(from, slash - from));
    if (slash == std::string::npos) break;
    from = slash + 1;
  }
  std::string board;
  for (auto rank = ranks.rbegin(); rank != ranks.rend(); ++rank) {
    if (!board.empty()) board += '/';
    for (const char c : *rank) board += std::isupper(c) ? std::tolower(c) : std::toupper(c);
  }
  std::string castling;
  for (const char c : std::string("KQkq")) {
    const char flipped = std::isupper(c) ? std::tolower(c) : std::toupper(c);
    if (fields[2].find(flipped) != std::string::npos) castling += c;
  }
  std::string en_passant = fields[3];
  if (en_passant != "-") en_passant[1] = static_cast<char>('1' + '8' - en_passant[1]);
  return board + (fields[1] == "w" ? " b " : " w ") + (castling.empty() ? "-" : castling) + ' ' +
         en_passant + ' ' + fields[4] + ' ' + fields[5];
}

// Positions from random playouts of the standard perft positions.
std::vector<std::string> sample_positions() {
  std::vector<std::string> fens;
  chess_test::for_each_playout_position(
      3, 8, 60, [&fens](const Chess& game) { fens.push_back(game.to_text()); });
  return fens;
}

TEST(ChessEval, MirrorIsEqualTermByTerm) {
  // The start position is level but for the move in hand.
  EXPECT_EQ(Chess::start_position().evaluate(), eval::taper(eval::kTempo, eval::kFullPhase));
  for (const std::string& fen : sample_positions()) {
    const auto original = position(fen);
    const auto flipped = position(mirror(fen));
    ASSERT_EQ(original.evaluate(), flipped.evaluate()) << fen;
    const eval::EvalTrace a = eval::trace(original);
    const eval::EvalTrace b = eval::trace(flipped);
    EXPECT_EQ(a.phase, b.phase);
    for (int term = 0; term < eval::kTermCount; ++term) {
      EXPECT_EQ(a.terms[kWhite][term], b.terms[kBlack][term])
          << fen << ": " << eval::term_name(static_cast<eval::Term>(term));
      EXPECT_EQ(a.terms[kBlack][term], b.terms[kWhite][term])
          << fen << ": " << eval::term_name(static_cast<eval::Term>(term));
    }
    EXPECT_EQ(a.counts[kWhite], b.counts[kBlack]) << fen;
  }
}

// What a tuner relies on: the sum of weight x count, tapered, is evaluate().
TEST(ChessEval, TraceIsTheEvaluation) {
  for (const std::string& fen : sample_positions()) {
    const auto game = position(fen);
    const eval::EvalTrace traced = eval::trace(game);
    const int white_view = game.side_to_move() == 0 ? game.evaluate() : -game.evaluate();
    ASSERT_EQ(traced.white_total(), white_view) << fen;
    eval::Pair sum;
    for (int feature = 0; feature < eval::kFeatureCount; ++feature) {
      sum += eval::weights()[feature] *
             (traced.counts[kWhite][feature] - traced.counts[kBlack][feature]);
    }
    EXPECT_EQ(eval::taper(sum, traced.phase), white_view) << fen;
    EXPECT_LT(std::abs(game.evaluate()), engine::kMaxHeuristic);
  }
}

TEST(ChessEval, PieceSquareSumIsIncremental) {
  std::mt19937 random(9);
  auto game = position("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
  std::vector<Chess::Move> played;
  for (int ply = 0; ply < 100; ++ply) {
    Chess::MoveList moves;
    game.legal_moves(moves);
    if (moves.empty()) break;
    played.push_back(moves[random() % moves.size()]);
    game.play(played.back());
    ASSERT_EQ(game.piece_square_sum(), position(game.to_text()).piece_square_sum());
  }
  while (!played.empty()) {
    game.undo(played.back());
    played.pop_back();
    ASSERT_EQ(game.piece_square_sum(), position(game.to_text()).piece_square_sum());
  }
}

eval::Pair term(std::string_view fen, eval::Term which, chess::Color color = kWhite) {
  return eval::trace(position(fen)).terms[color][which];
}

// Attacks of black's pieces, of every type, on white's king zone.
int zone_attacks(std::string_view fen) {
  const eval::EvalTrace traced = eval::trace(position(fen));
  int sum = 0;
  for (int type = chess::kKnight; type <= chess::kQueen; ++type)
    sum += traced.counts[kWhite][eval::kKingZoneAttackFeature + type];
  return sum;
}

TEST(ChessEval, PassedPawnFurtherOnIsWorthMore) {
  // Both kings far from the pawn's path (the distances to the square in
  // front count at most 5 each way), so the rank alone differs: on a6 the
  // black king on h8 can no longer catch it. (With the defending king in
  // front of the pawn, as on e8 before e6, the ending is a draw and the
  // fitted weights rightly value it less than a pawn further back.)
  const auto sixth = position("7k/8/P7/8/8/8/8/7K w - - 0 1");
  const auto third = position("7k/8/8/8/8/P7/8/7K w - - 0 1");
  EXPECT_GT(sixth.evaluate(), third.evaluate());
  EXPECT_GT(term("7k/8/P7/8/8/8/8/7K w - - 0 1", eval::kPassedPawnTerm).eg,
            term("7k/8/8/8/8/P7/8/7K w - - 0 1", eval::kPassedPawnTerm).eg);
  // The pawn's own weight grows with its rank.
  for (int rank = 2; rank <= 6; ++rank) {
    EXPECT_GT(eval::kPassedPawn[rank].eg, eval::kPassedPawn[rank - 1].eg) << rank;
  }
  // A pawn with an enemy pawn in front on the next file is not passed.
  EXPECT_EQ(term("4k3/3p4/8/8/8/4P3/8/4K3 w - - 0 1", eval::kPassedPawnTerm), eval::Pair{});
}

TEST(ChessEval, DoubledAndIsolatedPawnsCost) {
  const auto structure = [](std::string_view fen) { return term(fen, eval::kPawnStructureTerm); };
  const eval::Pair healthy = structure("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1");     // a2 b2 c2
  const eval::Pair isolated = structure("4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1");  // a2 c2 e2
  const eval::Pair doubled = structure("4k3/8/8/8/8/2P5/2PP4/4K3 w - - 0 1");   // c2 c3 d2
  EXPECT_EQ(healthy, eval::Pair{});
  EXPECT_LT(isolated.mg, healthy.mg);
  EXPECT_LT(isolated.eg, healthy.eg);
  EXPECT_LT(doubled.mg, healthy.mg);
  EXPECT_LT(doubled.eg, healthy.eg);
  EXPECT_EQ(eval::trace(position("4k3/8/8/8/8/2P5/2PP4/4K3 w - - 0 1"))
                .counts[kWhite][eval::kDoubledPawnFeature],
            1);
  // The whole evaluation: the same three pawns, connected, are worth more.
  EXPECT_GT(position("4k3/8/8/8/8/8/1PPP4/4K3 w - - 0 1").evaluate(),
            position("4k3/8/8/8/8/8/1P1P1P2/4K3 w - - 0 1").evaluate());
}

TEST(ChessEval, BishopPairCounts) {
  const eval::Pair pair = term("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", eval::kBishopTerm);
  const eval::Pair one = term("4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1", eval::kBishopTerm);
  const eval::Pair same_colour = term("4k3/8/8/8/8/8/1B6/2B1K3 w - - 0 1", eval::kBishopTerm);
  EXPECT_GT(pair.mg, one.mg);
  EXPECT_GT(pair.eg, one.eg);
  EXPECT_EQ(same_colour, eval::Pair{});
}

TEST(ChessEval, RookOnAnOpenFileBeatsAClosedOne) {
  const auto rooks = [](std::string_view fen) { return term(fen, eval::kRookTerm); };
  const eval::Pair open = rooks("4k3/pp6/8/8/8/8/PP6/3RK3 w - - 0 1");
  const eval::Pair half_open = rooks("4k3/3p4/8/8/8/8/PP6/3RK3 w - - 0 1");
  const eval::Pair closed = rooks("4k3/3p4/8/8/8/8/3P4/3RK3 w - - 0 1");
  EXPECT_GT(open.mg, half_open.mg);
  EXPECT_GT(half_open.mg, closed.mg);
  EXPECT_EQ(closed, eval::Pair{});
}

TEST(ChessEval, ExposedKingCostsInTheMiddlegame) {
  // The same material; white's king behind its pawns, or with them gone to
  // the other wing and a black queen and rook near it.
  const char* sheltered = "r3k3/1q6/8/8/8/8/PPP2PPP/R5K1 w - - 0 1";
  const char* exposed = "r3k3/1q6/8/8/8/8/PPPPPP2/R5K1 w - - 0 1";
  const eval::Pair safe = term(sheltered, eval::kKingSafetyTerm);
  const eval::Pair open = term(exposed, eval::kKingSafetyTerm);
  EXPECT_LT(open.mg, safe.mg);
  EXPECT_LT(open.mg - safe.mg, open.eg - safe.eg);  // it matters more in the middlegame
  // Black's queen and rook aim at the open king.
  EXPECT_GT(zone_attacks(exposed), zone_attacks(sheltered));
}

TEST(ChessEval, TwoKingAttackersCostMoreThanOne) {
  // Black's queen on h4 and knight on g4 both reach white's king zone; then
  // the queen alone.
  const char* two = "6k1/8/8/8/6nq/8/5PPP/6K1 w - - 0 1";
  const char* one = "6k1/8/8/8/7q/8/5PPP/6K1 w - - 0 1";
  const auto counts = [](const char* fen) { return eval::trace(position(fen)).counts[kWhite]; };
  EXPECT_GT(counts(two)[eval::kKingZoneAttackFeature + int{chess::kKnight}], 0);
  EXPECT_GT(counts(two)[eval::kKingZoneAttackFeature + int{chess::kQueen}], 0);
  EXPECT_EQ(counts(two)[eval::kKingZoneMultipleAttackersFeature], zone_attacks(two));
  EXPECT_GT(counts(one)[eval::kKingZoneAttackFeature + int{chess::kQueen}], 0);
  EXPECT_EQ(counts(one)[eval::kKingZoneMultipleAttackersFeature], 0);
  // Per attack, two attackers cost white more than the queen alone.
  const auto per_attack = [](const char* fen) {
    return static_cast<double>(term(fen, eval::kKingSafetyTerm).mg -
                               term("6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", eval::kKingSafetyTerm).mg) /
           zone_attacks(fen);
  };
  EXPECT_LT(per_attack(two), per_attack(one));
}

TEST(ChessEval, PassedPawnWantsTheEnemyKingFarAndItsOwnNear) {
  const auto passed = [](std::string_view fen) { return term(fen, eval::kPassedPawnTerm).eg; };
  // White's e6 pawn: black's king on e8, next to the square in front of
  // it, or far away on a8; then white's king walks up to f6.
  const int enemy_near = passed("4k3/8/4P3/8/8/8/8/K7 w - - 0 1");
  const int enemy_far = passed("k7/8/4P3/8/8/8/8/K7 w - - 0 1");
  const int own_near = passed("k7/8/4PK2/8/8/8/8/8 w - - 0 1");
  EXPECT_LT(enemy_near, enemy_far);
  EXPECT_LT(enemy_far, own_near);
  EXPECT_EQ(eval::trace(position("k7/8/4P3/8/8/8/8/K7 w - - 0 1"))
                .counts[kWhite][eval::kPassedEnemyKingDistanceFeature + 5],
            4);
  // A blocked passer is not free; the same pawn with e7 empty is.
  const auto free = [](std::string_view fen) {
    return eval::trace(position(fen)).counts[kWhite][eval::kPassedFreeFeature + 5];
  };
  EXPECT_EQ(free("k7/4n3/4P3/8/8/8/8/K7 w - - 0 1"), 0);
  EXPECT_EQ(free("k7/8/4P3/8/8/8/8/K7 w - - 0 1"), 1);
  // Black's passers count for black: its e3 pawn with white's king far on a8
  // or near on d1.
  EXPECT_GT(term("K7/8/8/8/8/4p3/8/k7 w - - 0 1", eval::kPassedPawnTerm, kBlack).eg,
            term("8/8/8/8/8/4p3/8/k2K4 w - - 0 1", eval::kPassedPawnTerm, kBlack).eg);
}

TEST(ChessEval, ThreatsCountForTheAttacker) {
  const auto counts = [](std::string_view fen, chess::Color color) {
    return eval::trace(position(fen)).counts[color];
  };
  // Black's e5 pawn attacks white's d4 knight, whoever is to move.
  for (const char* fen :
       {"4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1", "4k3/8/8/4p3/3N4/8/8/4K3 w - - 0 1"}) {
    EXPECT_EQ(counts(fen, kBlack)[eval::kPawnThreatFeature], 1) << fen;
    EXPECT_EQ(counts(fen, kWhite)[eval::kPawnThreatFeature], 0) << fen;
    EXPECT_GT(term(fen, eval::kThreatTerm, kBlack).mg, 0) << fen;
    EXPECT_EQ(term(fen, eval::kThreatTerm, kWhite), eval::Pair{}) << fen;
  }
  // White's e3 knight attacks black's d5 rook.
  EXPECT_EQ(counts("4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1", kWhite)[eval::kMinorOnMajorThreatFeature],
            1);
  // White's d1 rook attacks black's d5 knight: hanging, unless the e6 pawn defends it.
  EXPECT_EQ(counts("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", kWhite)[eval::kHangingPieceFeature], 1);
  EXPECT_EQ(counts("4k3/8/4p3/3n4/8/8/8/3RK3 w - - 0 1", kWhite)[eval::kHangingPieceFeature], 0);
  // The king defends too.
  EXPECT_EQ(counts("8/8/4k3/3n4/8/8/8/3RK3 w - - 0 1", kWhite)[eval::kHangingPieceFeature], 0);
}

TEST(ChessEval, KnightOutpostNeedsAPawnAndNoEnemyPawnToChaseIt) {
  const auto outposts = [](std::string_view fen) {
    return eval::trace(position(fen)).counts[kWhite][eval::kKnightOutpostFeature];
  };
  EXPECT_EQ(outposts("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1"), 1);    // d5, the e4 pawn behind it
  EXPECT_EQ(outposts("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1"), 0);  // c7-c6 drives it away
  EXPECT_EQ(outposts("4k3/8/8/3N4/8/8/4P3/4K3 w - - 0 1"), 0);    // no pawn defends it
  EXPECT_EQ(outposts("4k3/8/8/8/8/3N4/4P3/4K3 w - - 0 1"), 0);    // its own half of the board
  EXPECT_EQ(eval::trace(position("4k3/8/4p3/3n4/8/8/8/4K3 b - - 0 1"))
                .counts[kBlack][eval::kKnightOutpostFeature],
            1);  // black's d5 is its 4th rank
}

TEST(ChessEval, TempoIsForTheSideToMove) {
  // Pawns, so that the position is not a dead draw (scored 0).
  const char* fen = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1";
  const char* black_to_move = "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1";
  EXPECT_EQ(eval::trace(position(fen)).counts[kWhite][eval::kTempoFeature], 1);
  EXPECT_EQ(eval::trace(position(fen)).counts[kBlack][eval::kTempoFeature], 0);
  EXPECT_EQ(eval::trace(position(black_to_move)).counts[kBlack][eval::kTempoFeature], 1);
  // Each side, to move, sees the same value.
  EXPECT_EQ(position(fen).evaluate(), position(black_to_move).evaluate());
  EXPECT_EQ(position(fen).evaluate(), eval::kTempo.eg);
}

// Material that cannot win never shows a winning score; the same material
// with a way to win still does. Values from the side to move (white here).
TEST(ChessEval, KnownDrawsScaleTowardZero) {
  const std::pair<const char*, const char*> dead_draws[] = {
      {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", "two knights against a bare king"},
      {"4k3/8/8/8/8/8/8/3BK3 w - - 0 1", "a bishop alone"},
      {"4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "a knight alone"},
      {"4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", "two bishops on dark squares"},
      {"4k3/8/8/8/8/8/3b4/3NK3 w - - 0 1", "a knight against a bishop"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "bare kings"},
      {"1k6/8/8/8/P7/8/8/2B1K3 w - - 0 1", "a rook pawn, the wrong bishop, the king in the corner"},
      {"6k1/8/8/7P/8/8/8/4KB2 w - - 0 1", "the same on the h-file"},
  };
  for (const auto& [fen, what] : dead_draws) {
    EXPECT_EQ(position(fen).evaluate(), 0) << what << ": " << fen;
    EXPECT_EQ(position(mirror(fen)).evaluate(), 0) << what << ", colours reversed";
  }
  // A rook against a minor piece: drawn with correct defence, a small edge at most.
  for (const char* fen : {"4k3/8/8/8/8/8/3b4/R3K3 w - - 0 1", "4k3/8/8/8/8/8/3n4/R3K3 w - - 0 1"}) {
    EXPECT_GE(position(fen).evaluate(), 0) << fen;
    EXPECT_LE(position(fen).evaluate(), 30) << fen;
  }
  const std::pair<const char*, const char*> wins[] = {
      {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a rook"},
      {"4k3/8/8/8/8/4B3/8/3BK3 w - - 0 1", "bishops on both colours"},
      {"4k3/8/8/8/8/8/8/2BNK3 w - - 0 1", "bishop and knight"},
      {"1k6/8/8/8/P7/8/8/3BK3 w - - 0 1", "a rook pawn with the right bishop"},
      {"8/8/4k3/8/P7/8/8/2B1K3 w - - 0 1", "the wrong bishop, the king far from the corner"},
      {"4k3/8/8/8/8/8/3r4/Q3K3 w - - 0 1", "a queen against a rook"},
  };
  for (const auto& [fen, what] : wins) {
    EXPECT_GT(position(fen).evaluate(), 250) << what << ": " << fen;
    EXPECT_GT(position(mirror(fen)).evaluate(), 250) << what << ", colours reversed";
  }
}

TEST(ChessEval, BreakdownShowsEveryTermAndTheTotal) {
  const auto game =
      position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1");
  const std::string text = eval::breakdown(game);
  for (int term = 0; term < eval::kTermCount; ++term)
    EXPECT_NE(text.find(eval::term_name(static_cast<eval::Term>(term))), std::string::npos);
  const int white_view = -game.evaluate();
  char total[64];
  std::snprintf(total, sizeof total, "Final evaluation: %s%.2f (white side)\n",
                white_view >= 0 ? "+" : "", white_view / 100.0);
  EXPECT_NE(text.find(total), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
}

}  // namespace
}  // namespace brudno::games
