// FEN in and out, and the board display. Reading is strict: a position the
// move generator could not trust (no king, the side not to move in check,
// castling rights without king and rook at home, an en-passant square no
// double step could have made) is refused, naming the fault.

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <limits>
#include <sstream>

#include "games/chess/chess.hpp"

namespace brudno::games {

using namespace chess;

namespace {

constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk";
// The 75-move rule ends every game at 150 plies without a capture or a pawn move.
constexpr int kMaxHalfmoveClock = 150;
constexpr int kMaxFullmoveNumber = 100000;

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

void Chess::add_castling_right(Color color, Square rook) {
  const Square king = king_square(color);
  const bool long_side = file_of(rook) < file_of(king);
  const int index = castling_index(color, long_side);
  const Square king_target = castling_king_target(color, long_side);
  const Square rook_target = castling_rook_target(color, long_side);
  // The squares from one square to another on the rank, both included.
  const auto span = [](Square a, Square b) { return between(a, b) | square_bb(a) | square_bb(b); };
  castling_ |= static_cast<std::uint8_t>(1 << index);
  castling_rook_[index] = rook;
  castling_path_[index] =
      (span(king, king_target) | span(rook, rook_target)) & ~square_bb(king) & ~square_bb(rook);
  castling_king_path_[index] = span(king, king_target) & ~square_bb(king);
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

std::optional<Chess> Chess::parse(std::string_view fen, std::string& error, bool chess960) {
  init_tables();
  const auto fail = [&error](std::string message) -> std::optional<Chess> {
    error = std::move(message);
    return std::nullopt;
  };
  const std::vector<std::string_view> fields = split_fields(fen);
  // The counters may be missing, as in EPD and in many puzzle files: read
  // as Stockfish reads them (halfmove clock 0, move number 1).
  if (fields.size() < 4 || fields.size() > 6)
    return fail(
        "a FEN has 6 fields (board, side, castling, en passant, halfmove clock, move "
        "number), or the first 4 or 5; got " +
        std::to_string(fields.size()));

  Chess position{EmptyBoard{}};
  // The board, rank 8 first.
  int rank = 7;
  int file = 0;
  for (const char c : fields[0]) {
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
      position.put_piece(static_cast<Piece>(letter), make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0) return fail("the board has " + std::to_string(8 - rank) + " ranks, not 8");
  if (file != 8) return fail("rank 1 has " + std::to_string(file) + " squares, not 8");

  for (const Color color : {kWhite, kBlack}) {
    const int kings = std::popcount(position.pieces(color, kKing));
    const char* name = color == kWhite ? "white" : "black";
    if (kings == 0) return fail(std::string(name) + " has no king");
    if (kings > 1) return fail(std::string(name) + " has " + std::to_string(kings) + " kings");
    if (const auto problem = impossible_material(position, color)) return fail(*problem);
  }
  if (const Bitboard stranded = position.pieces(kPawn) & (kRank1 | kRank8))
    return fail("a pawn on the first or last rank (" + square_name(lsb(stranded)) + ")");

  if (fields[1] == "w") {
    position.side_ = kWhite;
  } else if (fields[1] == "b") {
    position.side_ = kBlack;
  } else {
    return fail("the side to move is 'w' or 'b', not '" + std::string(fields[1]) + "'");
  }

  position.chess960_ = chess960;
  if (fields[2] != "-") {
    for (const char c : fields[2]) {
      const auto rook = castling_rook_of(position, c, chess960, error);
      if (!rook) return std::nullopt;
      const Color color = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
      const int index =
          castling_index(color, file_of(*rook) < file_of(position.king_square(color)));
      if (position.castling_ & (1 << index))
        return fail(std::string("castling right '") + c + "' given twice");
      position.add_castling_right(color, *rook);
    }
  }

  const Color us = position.side_;
  Square en_passant = kNoSquare;
  if (fields[3] != "-") {
    const std::string_view text = fields[3];
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
      return fail("en-passant square '" + std::string(text) + "' is not a square");
    en_passant = make_square(text[0] - 'a', text[1] - '1');
    // The opponent's pawn just stepped from two squares behind the target to one in front.
    const Square pawn = en_passant - forward(us);
    const Square origin = en_passant + forward(us);
    if (relative_rank(us, en_passant) != 5 || position.board_[pawn] != make_piece(~us, kPawn) ||
        position.board_[en_passant] != kNoPiece || position.board_[origin] != kNoPiece)
      return fail("en-passant square " + std::string(text) +
                  " does not follow a double step of a pawn of the side that just moved");
  }

  if (fields.size() >= 5) {
    // Above 150 the 75-move rule has ended the game anyway: such a clock is
    // read as 150, not refused.
    const auto halfmove = parse_counter(fields[4], 0, std::numeric_limits<int>::max());
    if (!halfmove)
      return fail("halfmove clock '" + std::string(fields[4]) + "' is not a whole number");
    if (en_passant != kNoSquare && *halfmove != 0)
      return fail("halfmove clock " + std::string(fields[4]) +
                  " after a pawn's double step (en passant is set) must be 0");
    position.halfmove_clock_ = std::min(*halfmove, kMaxHalfmoveClock);
  }
  if (fields.size() == 6) {
    // Puzzle collections end their FENs in "1 0": move number 0 is read as 1.
    const auto fullmove = parse_counter(fields[5], 0, std::numeric_limits<int>::max());
    if (!fullmove)
      return fail("move number '" + std::string(fields[5]) + "' is not a whole number");
    position.fullmove_number_ = std::clamp(*fullmove, 1, kMaxFullmoveNumber);
  }

  if (position.attackers_to(position.king_square(~us), position.occupied()) & position.pieces(us))
    return fail(std::string("the side not to move (") + (us == kWhite ? "black" : "white") +
                ") is in check");
  position.plies_since_null_ = position.halfmove_clock_;
  // Only a square a pawn can take on changes the position (and its key).
  if (en_passant != kNoSquare && (kPawnAttacks[~us][en_passant] & position.pieces(us, kPawn)))
    position.en_passant_ = en_passant;
  position.key_ = position.compute_key();
  position.history_.reserve(256);
  return position;
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
