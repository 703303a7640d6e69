#pragma once
// Chess: one mutable position, played forward and back by the search. The
// board is kept twice, as bitboards per piece type and colour and as a
// square-by-square array; play() and undo() keep both, the Polyglot key, the
// castling rights, the en-passant square and the clocks incrementally, and a
// history of the earlier positions' keys for the repetition rule.
//
// Moves are strictly legal: pins and check evasions are handled in the
// generator, never by playing a move and testing it. Text is FEN for
// positions and UCI long algebraic for moves (e2e4, e7e8q, castling e1g1).
//
// Chess960 (Fischer random chess) is the same game with the king and rooks
// starting on other files: the rules keep each castling right's rook square
// and the squares that must be empty or safe, so standard chess is the case
// of rooks in the corners. A position read in Chess960 mode writes castling
// as the king taking its own rook (e1h1), as UCI_Chess960 asks, and its FEN
// castling field with the rooks' files (Shredder-FEN, HAha).

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/move_list.hpp"
#include "engine/selectivity.hpp"
#include "games/chess/eval/eval_weights.hpp"
#include "games/chess/eval/nnue/accumulator_cache.hpp"
#include "games/chess/rules/bitboard.hpp"
#include "games/chess/rules/sampled_check.hpp"
#include "games/chess/rules/zobrist.hpp"
#include "games/chess/types.hpp"
#include "games/common/zobrist.hpp"

namespace brudno::games::chess::nnue {
struct Network;  // eval/nnue/network.hpp
}  // namespace brudno::games::chess::nnue

namespace brudno::games {

class Chess {
 public:
  using Move = chess::Move;
  using MoveList = engine::MoveList<Move>;
  static constexpr std::string_view kName = "chess";
  // The history and counter-move tables keep a move by its from and to
  // squares: a promotion's piece and a move's kind share the slot.
  static constexpr std::size_t kHistorySquarePairs = 64 * 64;
  static std::size_t history_slot(Move move) { return move.bits() % kHistorySquarePairs; }
  // The continuation histories keep a move by the piece that makes it
  // (colour and type, 16 values) and its destination.
  static constexpr std::size_t kPieceToSlots = 16 * 64;
  // The capture history keeps a capture by its piece, destination and the
  // type of what it takes (8 values).
  static constexpr std::size_t kCaptureSlots = kPieceToSlots * 8;
  static constexpr engine::GameTraits kTraits{
      // A move costs more to play than a table line's cache miss, and most
      // nodes cut off after a move or two: the search does not play every
      // move ahead to prefetch its children's table lines.
      .prefetch_children = false,
      .history_slots = kHistorySquarePairs,
  };
  // The selective search's depths and margins (centipawns), each kept by
  // an SPRT (docs/benchmarks.md).
  static constexpr engine::Selectivity kSelectivity{
      .null_min_depth = 3,
      .null_base_reduction = 3,
      .null_depth_divisor = 4,
      .null_verify_depth = 12,
      .reverse_futility_depth = 7,
      .reverse_futility_margin = 90,
      .futility_depth = 3,
      .futility_base = 100,
      .futility_margin = 100,
      .razor_depth = 3,
      .razor_margin = 300,
      .lmr_min_depth = 3,
      .lmr_min_moves = 3,
      .lmr_base = 0.75,
      .lmr_divisor = 2.25,
      .lmp_depth = 8,
      .lmp_base = 3,
      .see_prune_depth = 4,
      .see_prune_margin = 100,
      .see_quiet_depth = 8,
      .see_quiet_margin = 64,
      .history_prune_depth = 3,
      .history_prune_margin = 4000,
      .singular_min_depth = 8,
      .singular_depth_slack = 3,
      .singular_margin = 2,
      .iir_min_depth = 4,
      // ProbCut stays off (probcut_min_depth 0): from depth 5 at beta + 100
      // it measured ±0.0 in 1995 games, at beta + 190 +5.3 ± 12.8 in 1633
      // (docs/search.md, "Tried and not kept").
  };
  static constexpr std::string_view kStartFen =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // The start position, as start_position(): a Chess is never without kings.
  Chess() : Chess(start_position()) {}

  // --- text ---------------------------------------------------------------
  static Chess start_position();
  // FEN, strictly validated; nothing when it is malformed or impossible.
  static std::optional<Chess> parse(std::string_view fen);
  // The same, and on failure `error` names the fault ("rank 3 has 9 squares").
  static std::optional<Chess> parse(std::string_view fen, std::string& error);
  // The same in standard or Chess960 mode. The castling field may be KQkq,
  // X-FEN (K and Q the outermost rook on that side, a file letter where
  // that is ambiguous) or Shredder-FEN (file letters, HAha); in standard
  // mode a right must be the king's on the e-file with a rook in the corner.
  static std::optional<Chess> parse(std::string_view fen, std::string& error, bool chess960);
  // FEN. The en-passant square is written only when a pawn could take there
  // (as Stockfish writes it), since only then does it change the position.
  // The castling field is KQkq in standard mode and Shredder-FEN in
  // Chess960 mode (as Stockfish writes it there).
  [[nodiscard]] std::string to_text() const;
  enum class CastlingField { kXFen, kShredder };
  // FEN with the castling field in the form given: X-FEN writes KQkq for
  // standard chess and for every right whose rook is the outermost.
  [[nodiscard]] std::string to_text(CastlingField castling) const;
  // The board as Stockfish's `d` draws it, then `Fen: ...`, `Key: ...` (16
  // hex digits) and `Checkers: ...` lines; every line ends in a newline.
  [[nodiscard]] std::string to_display() const;
  // A legal move of this position in UCI notation, or nothing. Castling is
  // read as the mode writes it: e1g1, or in Chess960 mode e1h1 (as
  // Stockfish reads it: only the one form in each mode).
  [[nodiscard]] std::optional<Move> parse_move(std::string_view text) const;
  // A move in standard UCI notation (castling as the king's move, e1g1).
  static std::string move_text(Move move);
  // A move of this position, or of any line played from it, as this
  // position's mode writes it: in Chess960 mode castling is the king taking
  // its own rook (e1h1). Castling rook squares never change within a game,
  // so the root position writes every move of its lines.
  [[nodiscard]] std::string write_move(Move move) const {
    return chess960_ && move.kind() == Move::kCastling ? chess960_castling_text(move)
                                                       : move_text(move);
  }
  [[nodiscard]] bool chess960() const { return chess960_; }
  // Switches the mode of the text. False, and nothing changed, when
  // standard mode is asked of a position whose castling rights standard
  // chess has not (a king off the e-file, a rook off the corner).
  bool set_chess960(bool on);
  // The rook that castles with the right of index `index` (see
  // chess::castling_index), kept after the right is lost.
  [[nodiscard]] chess::Square castling_rook_square(int index) const {
    return castling_rook_[index];
  }

  // --- moves --------------------------------------------------------------
  // Every legal move, appended to `moves`.
  void legal_moves(MoveList& moves) const;
  // The legal captures (en passant included) and promotions (all four
  // pieces, captures or not): the moves of quiescence search.
  void noisy_moves(MoveList& moves) const;
  // The legal moves that give check, appended to `moves` in the order
  // legal_moves() lists them: the only moves that can mate at once.
  void checking_moves(MoveList& moves) const;
  // Whether `move`, any value at all (a move remembered from another
  // position, say), is a legal plain move here: not castling, en passant or
  // a promotion, which it always answers false for. Cheaper than listing
  // the moves when one remembered move is all that is to be tried.
  [[nodiscard]] bool is_legal_plain(Move move) const;
  // How many legal moves there are, without listing them: perft's last ply.
  [[nodiscard]] std::size_t count_legal_moves() const;
  // Whether there is a legal move at all: the king's moves are looked at
  // first and the rest only when it has none (a mate test after a check).
  [[nodiscard]] bool has_legal_move() const;
  // Plays a legal move of this position.
  void play(Move move);
  // Takes back `move`, the last move played.
  void undo(Move move);
  // Passes the turn (null-move pruning): clears en passant, updates the key.
  // Never called in check. Repetitions are not looked for across a null move.
  void play_null();
  void undo_null();

  // --- outcome ------------------------------------------------------------
  // Complete: kLost when the side to move is mated, kDrawn for stalemate and
  // the draw rules of rule_status(), kOngoing otherwise. Generates moves.
  [[nodiscard]] engine::Status status() const;
  // The draw rules alone, cheap enough for every node: the fifty-move rule
  // (100 plies without capture or pawn move, unless the side to move is
  // mated, which only then is looked at), threefold repetition over the
  // whole history since the FEN, and insufficient material (KK, KNK, KBK,
  // bishops all on squares of one colour). kDrawn or kOngoing; mate and
  // stalemate the search reads from an empty move list and in_check().
  [[nodiscard]] engine::Status rule_status() const;
  // The search's draw test at `ply_from_root` plies below its root: the
  // fifty-move rule and insufficient material as above, and a repetition:
  // of a position within the last `ply_from_root` plies, at once (the side
  // that repeats could repeat again); of one from before the root, only at
  // its third occurrence.
  [[nodiscard]] bool is_draw(int ply_from_root) const;

  // --- queries for the search -----------------------------------------------
  // Centipawns for the side to move, strictly inside +-engine::kMaxHeuristic:
  // the score of the network set on this position (games/chess/eval/nnue/), else
  // hand_written_evaluate().
  [[nodiscard]] engine::Score evaluate() const;
  // The network evaluate() uses, null for the hand-written evaluation (a new
  // position's). Carried by every copy, so a search's threads, which copy
  // its root, evaluate alike, and two sessions of one process need not.
  void set_network(const chess::nnue::Network* network) { network_ = network; }
  [[nodiscard]] const chess::nnue::Network* network() const { return network_; }
  // The hand-written evaluation of games/chess/eval/evaluation.hpp, tapered
  // between middlegame and endgame.
  [[nodiscard]] engine::Score hand_written_evaluate() const;
  // The network's accumulators along this position's line (mutable: a cache
  // that evaluate() fills; each thread searches its own copy).
  [[nodiscard]] chess::nnue::AccumulatorCache& nnue_cache() const { return nnue_cache_; }
  [[nodiscard]] std::uint64_t key() const { return key_; }
  [[nodiscard]] int side_to_move() const { return side_; }
  [[nodiscard]] bool in_check() const { return checkers() != 0; }
  // The opponent's pieces that give check.
  [[nodiscard]] chess::Bitboard checkers() const {
    return attackers_to(king_square(side_), occupied()) & pieces(~side_);
  }
  // Takes a piece (en passant included).
  [[nodiscard]] bool is_capture(Move move) const {
    return move.kind() == Move::kEnPassant ||
           (move.kind() != Move::kCastling && board_[move.to()] != chess::kNoPiece);
  }
  [[nodiscard]] static bool is_promotion(Move move) { return move.kind() == Move::kPromotion; }
  // Static exchange evaluation with x-rays: does the exchange that `move`
  // starts on its target square win at least `threshold` centipawns for the
  // side to move (pawn 100, knight and bishop 300, rook 500, queen 900)?
  // Both sides may stop capturing when it suits them; pinned pieces take
  // part only once their pinner is gone. Castling, en passant and
  // promotions count as an even exchange (0).
  [[nodiscard]] bool see_ge(Move move, int threshold) const;
  // Does the legal `move` give check (directly, by discovery, by castling,
  // by promotion or through en passant)? A few slider lookups, no move played.
  [[nodiscard]] bool gives_check(Move move) const;
  // What gives_check needs of the position, found once for all its moves:
  // the squares from which each kind of piece of the side to move would
  // attack the other king, and the pieces of the side to move that alone
  // stand between one of its sliders and that king (moving off the line
  // uncovers a check).
  struct CheckInfo {
    chess::Square king;
    std::array<chess::Bitboard, 7> squares;  // by piece type; the king's empty
    chess::Bitboard discoverers;
  };
  [[nodiscard]] CheckInfo check_info() const;
  // gives_check(move) with the position's CheckInfo: two bit tests for a
  // plain move; castling, en passant and promotions take the full test.
  [[nodiscard]] bool gives_check(Move move, const CheckInfo& info) const {
    if (move.kind() != Move::kNormal) return gives_check(move);
    const chess::Square from = move.from();
    if (info.squares[chess::type_of(board_[from])] & chess::square_bb(move.to())) return true;
    return (info.discoverers & chess::square_bb(from)) &&
           !(chess::line(from, info.king) & chess::square_bb(move.to()));
  }
  // The side to move has a piece other than pawns and its king (null-move
  // pruning is unsafe without: zugzwang).
  [[nodiscard]] bool has_non_pawn_material() const {
    return (pieces(side_) & ~by_type_[chess::kPawn] & ~by_type_[chess::kKing]) != 0;
  }
  // Move ordering band, higher first: captures by most valuable victim, then
  // least valuable attacker (66-103), queen promotions (100 plus the capture's
  // band), quiet moves 0, quiet under-promotions below them (-1).
  [[nodiscard]] int move_hint(Move move) const;

  // --- the board ------------------------------------------------------------
  [[nodiscard]] chess::Piece piece_on(chess::Square square) const { return board_[square]; }
  // The move's piece and destination (kPieceToSlots), before it is played.
  [[nodiscard]] std::size_t piece_to_slot(Move move) const {
    return std::size_t{board_[move.from()]} * 64 + move.to();
  }
  // What the static value's errors follow, for the search's correction
  // history: the pawns of both sides.
  [[nodiscard]] std::uint64_t correction_key() const {
    return mix64(pieces(chess::kWhite, chess::kPawn) ^ mix64(pieces(chess::kBlack, chess::kPawn)));
  }
  // A capture's piece, destination and victim (kCaptureSlots), before it
  // is played.
  [[nodiscard]] std::size_t capture_slot(Move move) const {
    const chess::PieceType victim =
        move.kind() == Move::kEnPassant ? chess::kPawn : chess::type_of(board_[move.to()]);
    return piece_to_slot(move) * 8 + victim;
  }
  [[nodiscard]] chess::Bitboard occupied() const { return by_type_[0]; }
  [[nodiscard]] chess::Bitboard pieces(chess::Color color) const { return by_color_[color]; }
  [[nodiscard]] chess::Bitboard pieces(chess::PieceType type) const { return by_type_[type]; }
  [[nodiscard]] chess::Bitboard pieces(chess::Color color, chess::PieceType type) const {
    return by_color_[color] & by_type_[type];
  }
  [[nodiscard]] chess::Square king_square(chess::Color color) const {
    return chess::lsb(pieces(color, chess::kKing));
  }
  [[nodiscard]] int castling_rights() const { return castling_; }
  // The square a pawn may take en passant on, or chess::kNoSquare.
  [[nodiscard]] chess::Square en_passant_square() const { return en_passant_; }
  [[nodiscard]] int halfmove_clock() const { return halfmove_clock_; }
  [[nodiscard]] int fullmove_number() const { return fullmove_number_; }
  // Every piece of either colour that attacks `square` given `occupied`.
  [[nodiscard]] chess::Bitboard attackers_to(chess::Square square, chess::Bitboard occupied) const;
  // Material plus piece-square values, white's minus black's (kept incrementally).
  [[nodiscard]] chess::eval::Pair piece_square_sum() const { return piece_square_; }
  // The key computed from scratch: equals key() in a consistent position.
  [[nodiscard]] std::uint64_t compute_key() const;
  // Whether the position's invariants hold, all recomputed from scratch:
  // the board array and the bitboards agree, one king a side, no pawn on
  // the first or last rank, the side that just moved not in check, the key
  // and the piece-square sum as the board makes them, castling rights only
  // with king and rook at home, an en-passant square only after a double
  // step, the clocks in range (rules/consistency.cpp). The network's
  // accumulators have their own check (eval/nnue/evaluate.cpp). Asserted
  // after play, undo and null moves where assertions are compiled in (as
  // rules/sampled_check.hpp samples them); a release build never calls it.
  [[nodiscard]] bool is_consistent() const;
  // Defined only by the tests (tests/games/chess_consistency_test.cpp),
  // which corrupt positions through it to see is_consistent() fail.
  struct TestAccess;
  // The moves played since the FEN (null moves included), oldest first: what
  // the network's accumulators change by from one ply to the next.
  struct PlayedMove {
    Move move;           // none for a null move
    chess::Piece moved;  // kNoPiece for a null move
    chess::Piece captured;
  };
  [[nodiscard]] std::size_t history_length() const { return history_.size(); }
  [[nodiscard]] PlayedMove played_move(std::size_t index) const {
    const Undo& undo = history_[index];
    return {undo.move, undo.moved, undo.captured};
  }

 private:
  // The empty board, which only the FEN reader starts from.
  struct EmptyBoard {};
  explicit Chess(EmptyBoard) {}
  // parse()'s steps (fen.cpp) and is_consistent()'s (consistency.cpp).
  class FenReader;
  class ConsistencyCheck;
  // The limits of the FEN reader's counters. The 75-move rule ends every
  // game at 150 plies without a capture or a pawn move.
  static constexpr int kMaxHalfmoveClock = 150;
  static constexpr int kMaxFullmoveNumber = 100000;

  // What undo() cannot recompute: the state before the move.
  struct Undo {
    std::uint64_t key;
    chess::Piece captured;
    std::uint8_t castling;
    std::uint8_t en_passant;
    std::uint16_t plies_since_null;
    std::uint16_t halfmove_clock;
    Move move;  // for the network's accumulators (played_move)
    chess::Piece moved;
  };

  // Gives the side `color` the castling right with the rook on `rook`: the
  // right's bit, its rook, the squares that must be empty and safe, and
  // the rights a move from or to the king's or rook's square takes away.
  void add_castling_right(chess::Color color, chess::Square rook);
  // The squares castling by `color`'s king with the rook on `rook` needs:
  // empty (between king and rook and their targets, themselves left out)
  // and not attacked (those the king passes, its target included).
  struct CastlingPaths {
    chess::Bitboard empty;
    chess::Bitboard safe;
  };
  static CastlingPaths castling_paths(chess::Color color, chess::Square king, chess::Square rook);
  [[nodiscard]] std::string chess960_castling_text(Move move) const;
  // The right a castling move uses (its index): the king's colour and which
  // side its target square is on.
  static int castling_index_of(Move move) {
    return chess::castling_index(static_cast<chess::Color>(chess::rank_of(move.from()) == 7),
                                 chess::file_of(move.to()) == 2);
  }

  // Whether the right of index `index` castles now, the king not in check:
  // its path empty and safe, and no rook or queen of theirs on the rank
  // that the castling rook alone kept off the king's target.
  [[nodiscard]] bool can_castle(int index, chess::Bitboard occupied, chess::Bitboard danger,
                                chess::Bitboard their_straight) const;

  template <bool kNoisyOnly, class Sink>
  void generate(Sink& sink) const;
  template <chess::Color kUs, bool kNoisyOnly, class Sink>
  void generate_for(Sink& sink) const;
  // How many times the current position occurred before within the window
  // that can hold repetitions, and the distance to the nearest one (0: none).
  struct Repetitions {
    int count = 0;
    int nearest = 0;
  };
  [[nodiscard]] Repetitions repetitions() const;
  [[nodiscard]] bool insufficient_material() const;
  [[nodiscard]] bool fifty_move_draw() const;

  void put_piece(chess::Piece piece, chess::Square square) {
    const chess::Bitboard bit = chess::square_bb(square);
    board_[square] = piece;
    piece_square_ += chess::eval::kPieceSquare[piece][square];
    by_type_[0] |= bit;
    by_type_[chess::type_of(piece)] |= bit;
    by_color_[chess::color_of(piece)] |= bit;
  }
  void remove_piece(chess::Square square) {
    const chess::Piece piece = board_[square];
    const chess::Bitboard bit = chess::square_bb(square);
    board_[square] = chess::kNoPiece;
    piece_square_ -= chess::eval::kPieceSquare[piece][square];
    by_type_[0] ^= bit;
    by_type_[chess::type_of(piece)] ^= bit;
    by_color_[chess::color_of(piece)] ^= bit;
  }
  void move_piece(chess::Square from, chess::Square to) {
    const chess::Piece piece = board_[from];
    const chess::Bitboard bits = chess::square_bb(from) | chess::square_bb(to);
    board_[from] = chess::kNoPiece;
    board_[to] = piece;
    piece_square_ += chess::eval::kPieceSquare[piece][to] - chess::eval::kPieceSquare[piece][from];
    by_type_[0] ^= bits;
    by_type_[chess::type_of(piece)] ^= bits;
    by_color_[chess::color_of(piece)] ^= bits;
  }

  std::array<chess::Piece, 64> board_{};
  std::array<chess::Bitboard, 7> by_type_{};  // [0]: every piece
  std::array<chess::Bitboard, 2> by_color_{};
  chess::Color side_ = chess::kWhite;
  std::uint8_t castling_ = 0;
  chess::Square en_passant_ = chess::kNoSquare;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  // Plies since the last null move: repetitions are not looked for across one.
  int plies_since_null_ = 0;
  std::uint64_t key_ = 0;
  // Material and piece-square values, white's minus black's, kept by play() and undo().
  chess::eval::Pair piece_square_;
  std::vector<Undo> history_;
  mutable chess::nnue::AccumulatorCache nnue_cache_;
  const chess::nnue::Network* network_ = nullptr;
  // Castling, per right (by chess::castling_index): the rook's square, the
  // squares that must be empty (between king and rook and their targets,
  // themselves left out) and those the king passes that must not be
  // attacked (its target included). In standard chess, the corners and
  // f1 g1 / b1 c1 d1 and f1 g1 / c1 d1.
  std::array<chess::Square, 4> castling_rook_{};
  std::array<chess::Bitboard, 4> castling_path_{};
  std::array<chess::Bitboard, 4> castling_king_path_{};
  // The castling rights that survive a move from or to each square: moving
  // the king or a castling rook, or taking that rook at home, clears them.
  std::array<std::uint8_t, 64> castling_mask_ = all_castling_masks();
  bool chess960_ = false;

  static constexpr std::array<std::uint8_t, 64> all_castling_masks() {
    std::array<std::uint8_t, 64> masks{};
    for (auto& mask : masks) mask = chess::kAllCastling;
    return masks;
  }
};

static_assert(engine::Game<Chess>);
static_assert(engine::HasMoveHints<Chess>);
static_assert(engine::HasRuleStatus<Chess>);
static_assert(engine::HasSelectiveSearch<Chess>);
static_assert(engine::HasNullMove<Chess>);
static_assert(engine::HasPieceToSlots<Chess>);
static_assert(engine::HasCaptureSlots<Chess>);
static_assert(engine::HasCorrectionKey<Chess>);

inline void Chess::play(Move move) {
  using namespace chess;
  const Square from = move.from();
  const Square to = move.to();
  const Color us = side_;
  const Piece piece = board_[from];
  assert(piece != kNoPiece && color_of(piece) == us);
  Undo& undo = history_.emplace_back();
  undo.key = key_;
  undo.castling = castling_;
  undo.en_passant = static_cast<std::uint8_t>(en_passant_);
  undo.plies_since_null = static_cast<std::uint16_t>(std::min(plies_since_null_, 0xFFFF));
  undo.halfmove_clock = static_cast<std::uint16_t>(halfmove_clock_);
  undo.captured = kNoPiece;
  undo.move = move;
  undo.moved = piece;
  nnue_cache_.forget(history_.size());

  std::uint64_t key = key_ ^ zobrist::kWhiteToMove;
  if (en_passant_ != kNoSquare) {
    key ^= zobrist::en_passant(en_passant_);
    en_passant_ = kNoSquare;
  }
  ++halfmove_clock_;
  ++plies_since_null_;

  if (move.kind() == Move::kCastling) {
    // Both off the board, then both on: in Chess960 the king may land on
    // its rook's square or the rook on the king's.
    const int index = castling_index_of(move);
    const bool long_side = index & 1;
    const Square rook_from = castling_rook_[index];
    const Square rook_to = castling_rook_target(us, long_side);
    const Piece rook = board_[rook_from];
    remove_piece(from);
    remove_piece(rook_from);
    put_piece(piece, to);
    put_piece(rook, rook_to);
    key ^= zobrist::kPiece[piece][from] ^ zobrist::kPiece[piece][to] ^
           zobrist::kPiece[rook][rook_from] ^ zobrist::kPiece[rook][rook_to];
  } else {
    Square captured_on = to;
    if (move.kind() == Move::kEnPassant) captured_on = to - forward(us);
    const Piece captured = board_[captured_on];
    if (captured != kNoPiece) {
      undo.captured = captured;
      remove_piece(captured_on);
      key ^= zobrist::kPiece[captured][captured_on];
      halfmove_clock_ = 0;
    }
    move_piece(from, to);
    key ^= zobrist::kPiece[piece][from] ^ zobrist::kPiece[piece][to];
    if (type_of(piece) == kPawn) {
      halfmove_clock_ = 0;
      if (move.kind() == Move::kPromotion) {
        const Piece promoted = make_piece(us, move.promotion());
        remove_piece(to);
        put_piece(promoted, to);
        key ^= zobrist::kPiece[piece][to] ^ zobrist::kPiece[promoted][to];
      } else if ((to ^ from) == 16) {
        // The en-passant square counts (in the key too) only if a pawn can take there.
        const Square passed = from + forward(us);
        if (kPawnAttacks[us][passed] & pieces(~us, kPawn)) {
          en_passant_ = passed;
          key ^= zobrist::en_passant(passed);
        }
      }
    }
  }
  const std::uint8_t castling = castling_ & castling_mask_[from] & castling_mask_[to];
  key ^= zobrist::kCastling[castling_ ^ castling];
  castling_ = castling;
  key_ = key;
  side_ = ~us;
  fullmove_number_ += us;  // after black's move
  assert(!chess::sampled_check_due<chess::SampledCheck::kPosition>() || is_consistent());
}

inline void Chess::undo(Move move) {
  using namespace chess;
  assert(!history_.empty() && history_.back().move == move);
  const Color us = ~side_;
  side_ = us;
  fullmove_number_ -= us;
  const Undo& undo = history_.back();
  const Square from = move.from();
  const Square to = move.to();
  if (move.kind() == Move::kCastling) {
    const int index = castling_index_of(move);
    const Square rook_to = castling_rook_target(us, index & 1);
    const Piece king = board_[to];
    const Piece rook = board_[rook_to];
    remove_piece(to);
    remove_piece(rook_to);
    put_piece(king, from);
    put_piece(rook, castling_rook_[index]);
  } else {
    if (move.kind() == Move::kPromotion) {
      remove_piece(to);
      put_piece(make_piece(us, kPawn), to);
    }
    move_piece(to, from);
    if (undo.captured != kNoPiece) {
      put_piece(undo.captured, move.kind() == Move::kEnPassant ? to - forward(us) : to);
    }
  }
  key_ = undo.key;
  castling_ = undo.castling;
  en_passant_ = undo.en_passant;
  halfmove_clock_ = undo.halfmove_clock;
  plies_since_null_ = undo.plies_since_null;
  history_.pop_back();
  // The board is back as it was, and with it all that play() changed.
  assert(!chess::sampled_check_due<chess::SampledCheck::kPosition>() || is_consistent());
}

// Perft: the number of legal move sequences `depth` plies long (the draw
// rules ignored). The last ply is counted in bulk: count_legal_moves().
// With `abandoned` set (engine::perft_abandoned), it stops early and means
// nothing.
std::uint64_t perft(Chess& position, int depth, const std::atomic<bool>* abandoned = nullptr);

// The perft count below each root move, in the order legal_moves() gives them.
struct PerftDivision {
  Chess::Move move;
  std::uint64_t nodes = 0;
};
std::vector<PerftDivision> perft_divide(Chess& position, int depth,
                                        const std::atomic<bool>* abandoned = nullptr);

}  // namespace brudno::games
