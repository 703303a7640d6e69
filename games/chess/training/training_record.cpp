#include "games/chess/training/training_record.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace brudno::games::chess {
namespace {

// The record's field offsets (docs/nnue.md).
constexpr std::size_t kOccupancy = 0;
constexpr std::size_t kPieces = 8;
constexpr std::size_t kScore = 24;
constexpr std::size_t kResult = 26;
constexpr std::size_t kSideToMove = 27;
constexpr std::size_t kCastling = 28;
constexpr std::size_t kEnPassant = 29;
constexpr std::size_t kHalfmove = 30;
constexpr std::size_t kPly = 31;

// The record's piece code: colour * 8 + type, the types from pawn 0 to king 5
// (the engine counts them from 1).
std::uint8_t piece_code(Piece piece) {
  return static_cast<std::uint8_t>(color_of(piece) * 8 + (type_of(piece) - kPawn));
}

// FEN's letter of a piece code; 0 for a code that names no piece.
char piece_letter(unsigned code) {
  constexpr const char* kWhiteLetters = "PNBRQK";
  constexpr const char* kBlackLetters = "pnbrqk";
  const unsigned type = code & 7;
  if (type > 5) return 0;
  return (code & 8) ? kBlackLetters[type] : kWhiteLetters[type];
}

std::uint8_t capped(int value) {
  return static_cast<std::uint8_t>(std::clamp(value, 0, 255));
}

// The record's pieces, as FEN letters on a board of 64 squares (0 where
// empty); nothing, with `error` naming the fault, when the occupancy has
// more than 32 squares or a nibble names no piece or lies past the last.
std::optional<std::array<char, 64>> read_pieces(const TrainingRecord& record, std::string& error) {
  Bitboard occupied = 0;
  for (int byte = 0; byte < 8; ++byte) {
    occupied |= Bitboard{record[kOccupancy + byte]} << (8 * byte);
  }
  const int count = std::popcount(occupied);
  if (count > 32) {
    error = std::to_string(count) + " occupied squares (at most 32)";
    return std::nullopt;
  }
  const auto nibble = [&](int index) -> unsigned {
    const std::uint8_t byte = record[kPieces + index / 2];
    return index % 2 ? byte >> 4 : byte & 0x0F;
  };
  for (int index = count; index < 32; ++index) {
    if (nibble(index) != 0) {
      error = "piece nibble " + std::to_string(index) + " is set past the last piece";
      return std::nullopt;
    }
  }
  std::array<char, 64> board{};
  int index = 0;
  for (Bitboard rest = occupied; rest != 0; rest &= rest - 1, ++index) {
    const char letter = piece_letter(nibble(index));
    if (letter == 0) {
      error = "piece code " + std::to_string(nibble(index)) + " names no piece";
      return std::nullopt;
    }
    board[static_cast<std::size_t>(std::countr_zero(rest))] = letter;
  }
  return board;
}

// FEN's board field of a board of letters.
std::string board_field(const std::array<char, 64>& board) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char letter = board[static_cast<std::size_t>(make_square(file, rank))];
      if (letter == 0) {
        ++empty;
        continue;
      }
      if (empty > 0) fen += static_cast<char>('0' + empty);
      empty = 0;
      fen += letter;
    }
    if (empty > 0) fen += static_cast<char>('0' + empty);
    if (rank > 0) fen += '/';
  }
  return fen;
}

// The FEN fields after the board, from the record's bytes (in range).
std::string state_fields(const TrainingRecord& record) {
  const int side = record[kSideToMove];
  const int castling = record[kCastling];
  const int en_passant_file = record[kEnPassant];
  std::string fen = side == 0 ? " w " : " b ";
  std::string rights;
  if (castling & kWhiteShort) rights += 'K';
  if (castling & kWhiteLong) rights += 'Q';
  if (castling & kBlackShort) rights += 'k';
  if (castling & kBlackLong) rights += 'q';
  fen += rights.empty() ? "-" : rights;
  fen += ' ';
  if (en_passant_file == 0) {
    fen += '-';
  } else {
    fen += static_cast<char>('a' + en_passant_file - 1);
    fen += side == 0 ? '6' : '3';
  }
  const int ply = record[kPly];
  fen += ' ' + std::to_string(record[kHalfmove]) + ' ' + std::to_string(ply / 2 + 1);
  return fen;
}

}  // namespace

TrainingRecord encode_training_record(const Chess& position, const TrainingLabels& labels) {
  assert(!position.chess960());
  assert(labels.score >= INT16_MIN && labels.score <= INT16_MAX);
  assert(labels.result >= -1 && labels.result <= 1);
  TrainingRecord record{};
  const Bitboard occupied = position.occupied();
  for (int byte = 0; byte < 8; ++byte) {
    record[kOccupancy + byte] = static_cast<std::uint8_t>(occupied >> (8 * byte));
  }
  int index = 0;
  for (Bitboard rest = occupied; rest != 0; rest &= rest - 1, ++index) {
    const std::uint8_t code = piece_code(position.piece_on(std::countr_zero(rest)));
    record[kPieces + index / 2] |= static_cast<std::uint8_t>(index % 2 ? code << 4 : code);
  }
  const auto score = static_cast<std::uint16_t>(static_cast<std::int16_t>(labels.score));
  record[kScore] = static_cast<std::uint8_t>(score & 0xFF);
  record[kScore + 1] = static_cast<std::uint8_t>(score >> 8);
  record[kResult] = static_cast<std::uint8_t>(static_cast<std::int8_t>(labels.result));
  record[kSideToMove] = static_cast<std::uint8_t>(position.side_to_move());
  record[kCastling] = static_cast<std::uint8_t>(position.castling_rights());
  const Square en_passant = position.en_passant_square();
  record[kEnPassant] =
      static_cast<std::uint8_t>(en_passant == kNoSquare ? 0 : file_of(en_passant) + 1);
  record[kHalfmove] = capped(position.halfmove_clock());
  record[kPly] = capped(labels.ply);
  return record;
}

void set_training_result(TrainingRecord& record, int result) {
  assert(result >= -1 && result <= 1);
  record[kResult] = static_cast<std::uint8_t>(static_cast<std::int8_t>(result));
}

std::optional<TrainingPosition> decode_training_record(const TrainingRecord& record,
                                                       std::string& error) {
  const auto board = read_pieces(record, error);
  if (!board) return std::nullopt;
  const auto result = static_cast<std::int8_t>(record[kResult]);
  if (result < -1 || result > 1 || record[kSideToMove] > 1 || record[kCastling] > 15 ||
      record[kEnPassant] > 8) {
    error = "result, side to move, castling or en-passant byte out of range";
    return std::nullopt;
  }

  // Through FEN, whose reader checks that the position is a possible one.
  const std::string fen = board_field(*board) + state_fields(record);
  std::string fen_error;
  auto position = Chess::parse(fen, fen_error);
  if (!position) {
    error = "impossible position " + fen + ": " + fen_error;
    return std::nullopt;
  }
  const auto score = static_cast<std::int16_t>(
      static_cast<std::uint16_t>(record[kScore] | (record[kScore + 1] << 8)));
  const int ply = record[kPly];
  return TrainingPosition{std::move(*position), TrainingLabels{score, result, ply}};
}

}  // namespace brudno::games::chess
