// FEN in and out, and the board display. Reading is strict: a position the
// move generator could not trust (no king, the side not to move in check,
// castling rights without king and rook at home, an en-passant square no
// double step could have made) is refused, naming the fault.

#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <charconv>
#include <limits>
#include <span>
#include <sstream>

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

namespace {

constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk";

std::string square_name(Square square) {
  return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    if (end > at) fields.push_back(text.substr(at, end - at));
    at = end;
  }
  return fields;
}

// A counter field: digits only, within [low, high].
std::optional<int> parse_counter(std::string_view field, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc{} || end != field.data() + field.size() || field.empty() ||
      field[0] == '-' || field[0] == '+' || value < low || value > high)
    return std::nullopt;
  return value;
}

// At most the pieces one side can have: 8 pawns, and every piece beyond the
// starting set a promoted pawn.
std::optional<std::string> impossible_material(const Chess& position, Color color) {
  const char* name = color == kWhite ? "white" : "black";
  const int pawns = std::popcount(position.pieces(color, kPawn));
  if (pawns > 8) return std::string(name) + " has more than 8 pawns";
  constexpr std::array<int, 7> kStart = {0, 8, 2, 2, 2, 1, 1};
  int promoted = 0;
  for (int type = kKnight; type <= kQueen; ++type) {
    const int count = std::popcount(position.pieces(color, static_cast<PieceType>(type)));
    promoted += std::max(0, count - kStart[type]);
  }
  if (promoted > 8 - pawns)
    return std::string(name) + " has more pieces than promotions of its missing pawns allow";
  return std::nullopt;
}

// The rook a castling letter names, or nothing with `error` set. K and Q
// (k, q) name the outermost rook on that side of the king (X-FEN), a file
// letter the rook on that file (Shredder-FEN, and X-FEN where the outermost
// is not meant). In standard mode only the rooks in the corners castle,
// with the king on the e-file.
std::optional<Square> castling_rook_of(const Chess& position, char letter, bool chess960,
                                       std::string& error) {
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
  const bool known = lower == 'k' || lower == 'q' || (lower >= 'a' && lower <= 'h');
  if (!known) {
    error = std::string("unknown castling letter '") + letter +
            "' (KQkq, a file letter A-H or a-h, or -)";
    return std::nullopt;
  }
  const Color color = std::isupper(static_cast<unsigned char>(letter)) ? kWhite : kBlack;
  const char* name = color == kWhite ? "white" : "black";
  const Piece rook = make_piece(color, kRook);
  const Square king = position.king_square(color);
  const int back_rank = relative_rank(color, make_square(0, 0));
  if (!chess960) {
    const bool long_side = lower == 'q' || lower == 'a';
    const Square home = relative_square(color, make_square(4, 0));
    const Square corner = relative_square(color, make_square(long_side ? 0 : 7, 0));
    const bool standard_letter = lower == 'k' || lower == 'q' || lower == 'a' || lower == 'h';
    if (!standard_letter || king != home || position.piece_on(corner) != rook) {
      error = std::string("castling right '") + letter + "' needs the " + name + " king on " +
              square_name(home) +
              (standard_letter ? " and a rook on " + square_name(corner) : std::string{}) +
              " (other files castle in Chess960: setoption name UCI_Chess960 value true)";
      return std::nullopt;
    }
    return corner;
  }
  if (rank_of(king) != back_rank) {
    error = std::string("castling right '") + letter + "' needs the " + name +
            " king on its first rank";
    return std::nullopt;
  }
  if (lower == 'k' || lower == 'q') {
    // The outermost rook on that side, looking in from the corner.
    const int step = lower == 'k' ? -1 : 1;
    for (int file = lower == 'k' ? 7 : 0; file != file_of(king); file += step) {
      if (position.piece_on(make_square(file, back_rank)) == rook)
        return make_square(file, back_rank);
    }
    error = std::string("castling right '") + letter + "' needs a " + name + " rook on the " +
            (lower == 'k' ? "h-side" : "a-side") + " of its king";
    return std::nullopt;
  }
  const Square square = make_square(lower - 'a', back_rank);
  if (position.piece_on(square) != rook || square == king) {
    error = std::string("castling right '") + letter + "' needs a " + name + " rook on " +
            square_name(square);
    return std::nullopt;
  }
  return square;
}

}  // namespace

Chess::CastlingPaths Chess::castling_paths(Color color, Square king, Square rook) {
  const bool long_side = file_of(rook) < file_of(king);
  const Square king_target = castling_king_target(color, long_side);
  const Square rook_target = castling_rook_target(color, long_side);
  // The squares from one square to another on the rank, both included.
  const auto span = [](Square a, Square b) { return between(a, b) | square_bb(a) | square_bb(b); };
  return {
      .empty =
          (span(king, king_target) | span(rook, rook_target)) & ~square_bb(king) & ~square_bb(rook),
      .safe = span(king, king_target) & ~square_bb(king),
  };
}

void Chess::add_castling_right(Color color, Square rook) {
  const Square king = king_square(color);
  const bool long_side = file_of(rook) < file_of(king);
  const int index = castling_index(color, long_side);
  const CastlingPaths paths = castling_paths(color, king, rook);
  castling_ |= static_cast<std::uint8_t>(1 << index);
  castling_rook_[index] = rook;
  castling_path_[index] = paths.empty;
  castling_king_path_[index] = paths.safe;
  castling_mask_[king] &= static_cast<std::uint8_t>(
      ~((1 << castling_index(color, false)) | (1 << castling_index(color, true))));
  castling_mask_[rook] &= static_cast<std::uint8_t>(~(1 << index));
}

bool Chess::set_chess960(bool on) {
  if (!on) {
    for (int index = 0; index < 4; ++index) {
      if (!(castling_ & (1 << index))) continue;
      const Color color = static_cast<Color>(index >> 1);
      const Square corner = relative_square(color, make_square(index & 1 ? 0 : 7, 0));
      if (king_square(color) != relative_square(color, make_square(4, 0)) ||
          castling_rook_[index] != corner)
        return false;
    }
  }
  chess960_ = on;
  return true;
}

Chess Chess::start_position() {
  return *parse(kStartFen);
}

std::optional<Chess> Chess::parse(std::string_view fen) {
  std::string error;
  return parse(fen, error);
}

std::optional<Chess> Chess::parse(std::string_view fen, std::string& error) {
  return parse(fen, error, false);
}

// parse()'s steps, a field or a rule each, in the order the faults are
// looked for: each reads into the position, or returns false with `error`
// naming the fault.
class Chess::FenReader {
 public:
  explicit FenReader(std::string& error) : error_(error) {}

  // The board, rank 8 first.
  bool read_board(std::string_view field) {
    int rank = 7;
    int file = 0;
    for (const char c : field) {
      if (c == '/') {
        if (file != 8)
          return fail("rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                      " squares, not 8");
        if (--rank < 0) return fail("the board has more than 8 ranks");
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8) return fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
      } else {
        const std::size_t letter = kPieceLetters.find(c);
        if (c == ' ' || letter == std::string_view::npos)
          return fail(std::string("unknown piece letter '") + c + "' in rank " +
                      std::to_string(rank + 1));
        if (file >= 8) return fail("rank " + std::to_string(rank + 1) + " has more than 8 squares");
        position_.put_piece(static_cast<Piece>(letter), make_square(file, rank));
        ++file;
      }
    }
    if (rank != 0) return fail("the board has " + std::to_string(8 - rank) + " ranks, not 8");
    if (file != 8) return fail("rank 1 has " + std::to_string(file) + " squares, not 8");
    return true;
  }

  // One king a side, no more pieces than promotions allow, no pawn on the
  // first or last rank.
  bool check_material() {
    for (const Color color : {kWhite, kBlack}) {
      const int kings = std::popcount(position_.pieces(color, kKing));
      const char* name = color == kWhite ? "white" : "black";
      if (kings == 0) return fail(std::string(name) + " has no king");
      if (kings > 1) return fail(std::string(name) + " has " + std::to_string(kings) + " kings");
      if (const auto problem = impossible_material(position_, color)) return fail(*problem);
    }
    if (const Bitboard stranded = position_.pieces(kPawn) & (kRank1 | kRank8))
      return fail("a pawn on the first or last rank (" + square_name(lsb(stranded)) + ")");
    return true;
  }

  bool read_side(std::string_view field) {
    if (field == "w") {
      position_.side_ = kWhite;
    } else if (field == "b") {
      position_.side_ = kBlack;
    } else {
      return fail("the side to move is 'w' or 'b', not '" + std::string(field) + "'");
    }
    return true;
  }

  bool read_castling(std::string_view field, bool chess960) {
    position_.chess960_ = chess960;
    if (field == "-") return true;
    for (const char c : field) {
      const auto rook = castling_rook_of(position_, c, chess960, error_);
      if (!rook) return false;
      const Color color = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
      const int index =
          castling_index(color, file_of(*rook) < file_of(position_.king_square(color)));
      if (position_.castling_ & (1 << index))
        return fail(std::string("castling right '") + c + "' given twice");
      position_.add_castling_right(color, *rook);
    }
    return true;
  }

  // Kept aside until finish(): the position keeps the square only where a
  // pawn can take on it.
  bool read_en_passant(std::string_view field) {
    if (field == "-") return true;
    if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
      return fail("en-passant square '" + std::string(field) + "' is not a square");
    const Color us = position_.side_;
    en_passant_ = make_square(field[0] - 'a', field[1] - '1');
    // The opponent's pawn just stepped from two squares behind the target to one in front.
    const Square pawn = en_passant_ - forward(us);
    const Square origin = en_passant_ + forward(us);
    if (relative_rank(us, en_passant_) != 5 || position_.board_[pawn] != make_piece(~us, kPawn) ||
        position_.board_[en_passant_] != kNoPiece || position_.board_[origin] != kNoPiece)
      return fail("en-passant square " + std::string(field) +
                  " does not follow a double step of a pawn of the side that just moved");
    return true;
  }

  // The halfmove clock and the move number, either or both of which may be
  // missing, as in EPD and in many puzzle files: read as Stockfish reads
  // them (halfmove clock 0, move number 1).
  bool read_counters(std::span<const std::string_view> fields) {
    if (fields.size() >= 1) {
      // Above 150 the 75-move rule has ended the game anyway: such a clock is
      // read as 150, not refused.
      const auto halfmove = parse_counter(fields[0], 0, std::numeric_limits<int>::max());
      if (!halfmove)
        return fail("halfmove clock '" + std::string(fields[0]) + "' is not a whole number");
      if (en_passant_ != kNoSquare && *halfmove != 0)
        return fail("halfmove clock " + std::string(fields[0]) +
                    " after a pawn's double step (en passant is set) must be 0");
      position_.halfmove_clock_ = std::min(*halfmove, kMaxHalfmoveClock);
    }
    if (fields.size() >= 2) {
      // Puzzle collections end their FENs in "1 0": move number 0 is read as 1.
      const auto fullmove = parse_counter(fields[1], 0, std::numeric_limits<int>::max());
      if (!fullmove)
        return fail("move number '" + std::string(fields[1]) + "' is not a whole number");
      position_.fullmove_number_ = std::clamp(*fullmove, 1, kMaxFullmoveNumber);
    }
    return true;
  }

  bool check_side_not_to_move_safe() {
    const Color us = position_.side_;
    if (position_.attackers_to(position_.king_square(~us), position_.occupied()) &
        position_.pieces(us))
      return fail(std::string("the side not to move (") + (us == kWhite ? "black" : "white") +
                  ") is in check");
    return true;
  }

  // What the other fields make: the clocks of the repetition rule, the
  // en-passant square where it counts, the key.
  Chess finish() {
    const Color us = position_.side_;
    position_.plies_since_null_ = position_.halfmove_clock_;
    // Only a square a pawn can take on changes the position (and its key).
    if (en_passant_ != kNoSquare && (kPawnAttacks[~us][en_passant_] & position_.pieces(us, kPawn)))
      position_.en_passant_ = en_passant_;
    position_.key_ = position_.compute_key();
    position_.history_.reserve(256);
    assert(position_.is_consistent());
    return std::move(position_);
  }

 private:
  bool fail(std::string message) {
    error_ = std::move(message);
    return false;
  }

  std::string& error_;
  Chess position_{EmptyBoard{}};
  Square en_passant_ = kNoSquare;
};

std::optional<Chess> Chess::parse(std::string_view fen, std::string& error, bool chess960) {
  init_tables();
  const std::vector<std::string_view> fields = split_fields(fen);
  if (fields.size() < 4 || fields.size() > 6) {
    error =
        "a FEN has 6 fields (board, side, castling, en passant, halfmove clock, move number), or "
        "the first 4 or 5; got " +
        std::to_string(fields.size());
    return std::nullopt;
  }
  FenReader reader(error);
  const bool read =
      reader.read_board(fields[0]) && reader.check_material() && reader.read_side(fields[1]) &&
      reader.read_castling(fields[2], chess960) && reader.read_en_passant(fields[3]) &&
      reader.read_counters(std::span(fields).subspan(4)) && reader.check_side_not_to_move_safe();
  if (!read) return std::nullopt;
  return reader.finish();
}

std::uint64_t Chess::compute_key() const {
  std::uint64_t key = 0;
  for (Bitboard all = occupied(); all;) {
    const Square square = pop_lsb(all);
    key ^= zobrist::kPiece[board_[square]][square];
  }
  key ^= zobrist::kCastling[castling_];
  if (en_passant_ != kNoSquare) key ^= zobrist::en_passant(en_passant_);
  if (side_ == kWhite) key ^= zobrist::kWhiteToMove;
  return key;
}

std::string Chess::to_text() const {
  return to_text(chess960_ ? CastlingField::kShredder : CastlingField::kXFen);
}

std::string Chess::to_text(CastlingField castling) const {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece piece = board_[make_square(file, rank)];
      if (piece == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += kPieceLetters[piece];
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (rank > 0) fen += '/';
  }
  fen += side_ == kWhite ? " w " : " b ";
  if (castling_ == 0) fen += '-';
  for (int index = 0; index < 4; ++index) {
    if (!(castling_ & (1 << index))) continue;
    const Square rook = castling_rook_[index];
    const Color color = static_cast<Color>(index >> 1);
    // X-FEN names the outermost rook K or Q, and another by its file.
    bool outermost = castling == CastlingField::kXFen;
    const int step = index & 1 ? -1 : 1;
    for (int file = file_of(rook) + step; outermost && file >= 0 && file < 8; file += step) {
      if (board_[make_square(file, rank_of(rook))] == make_piece(color, kRook)) outermost = false;
    }
    char letter = outermost ? "KQ"[index & 1] : static_cast<char>('A' + file_of(rook));
    if (color == kBlack)
      letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    fen += letter;
  }
  fen += ' ';
  fen += en_passant_ == kNoSquare ? std::string("-") : square_name(en_passant_);
  // The counters go on past the reader's limits as moves are played; written
  // within them, a FEN always reads back to the same text.
  fen += ' ' + std::to_string(std::min(halfmove_clock_, kMaxHalfmoveClock)) + ' ' +
         std::to_string(std::min(fullmove_number_, kMaxFullmoveNumber));
  return fen;
}

std::string Chess::to_display() const {
  std::ostringstream out;
  constexpr const char* kRule = " +---+---+---+---+---+---+---+---+\n";
  out << kRule;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file)
      out << " | " << kPieceLetters[board_[make_square(file, rank)]];
    out << " | " << rank + 1 << '\n' << kRule;
  }
  out << "   a   b   c   d   e   f   g   h\n\nFen: " << to_text() << "\nKey: ";
  char key[17];
  std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(key_));
  out << key << "\nCheckers:";
  for (Bitboard checking = checkers(); checking;) out << ' ' << square_name(pop_lsb(checking));
  out << '\n';
  return out.str();
}

std::string Chess::move_text(Move move) {
  std::string text = square_name(move.from()) + square_name(move.to());
  if (move.kind() == Move::kPromotion) text += " pnbrqk"[move.promotion()];
  return text;
}

std::string Chess::chess960_castling_text(Move move) const {
  return square_name(move.from()) + square_name(castling_rook_[castling_index_of(move)]);
}

std::optional<Chess::Move> Chess::parse_move(std::string_view text) const {
  if (text.size() != 4 && text.size() != 5) return std::nullopt;
  // Some GUIs write the promotion piece in upper case (a7a8Q), as Stockfish accepts.
  std::string wanted(text);
  if (wanted.size() == 5)
    wanted[4] = static_cast<char>(std::tolower(static_cast<unsigned char>(wanted[4])));
  MoveList moves;
  legal_moves(moves);
  for (const Move move : moves) {
    if (write_move(move) == wanted) return move;
  }
  return std::nullopt;
}

}  // namespace brudno::games
