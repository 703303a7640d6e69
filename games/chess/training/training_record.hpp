#pragma once
// The training-position record of `brudno selfplay` (docs/nnue.md, "Training
// data"): 32 bytes, little-endian, no header, so that files of records
// concatenate. A record keeps the board (an occupancy bitboard and a nibble
// per occupied square), the side to move, castling rights, the en-passant
// file, the halfmove clock and the game's ply, the search's score and the
// game's result, both from the side to move's point of view.
//
// Only standard chess: castling is kept as the four KQkq bits, which
// name the corner rooks.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "games/chess/chess.hpp"

namespace brudno::games::chess {

inline constexpr std::size_t kTrainingRecordSize = 32;
using TrainingRecord = std::array<std::uint8_t, kTrainingRecordSize>;

// What a record holds besides the position.
struct TrainingLabels {
  int score = 0;   // centipawns for the side to move; must fit an int16
  int result = 0;  // 1 the side to move won, 0 drawn, -1 lost
  int ply = 0;     // the game's ply, capped at 255 when written
};

// A record read back: the position (its full-move number made from the ply,
// which is all the record keeps of it) and the labels.
struct TrainingPosition {
  Chess position;
  TrainingLabels labels;
};

// The record of `position` (standard chess, not Chess960 mode) with its labels.
TrainingRecord encode_training_record(const Chess& position, const TrainingLabels& labels);

// Writes `result` (1, 0, -1 for the side to move) into a record: a game's
// positions are encoded as it is played and get its result when it ends.
void set_training_result(TrainingRecord& record, int result);

// The position and labels of a record; nothing, with `error` naming the
// fault, when the record is malformed (a piece code or field out of range,
// more than 32 pieces, bytes after the last piece) or its position impossible.
std::optional<TrainingPosition> decode_training_record(const TrainingRecord& record,
                                                       std::string& error);

}  // namespace brudno::games::chess
