// The training record of `brudno selfplay` (docs/nnue.md): its bytes laid
// out as documented, and every position of many random games read back
// as it was written.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>

#include "games/chess/training/training_record.hpp"
#include "tests/games/chess_test_positions.hpp"

namespace brudno::games::chess {
namespace {

using chess_test::position;

// A FEN without its full-move number, which the record keeps only as the ply.
std::string without_fullmove(const Chess& chess) {
  const std::string fen = chess.to_text();
  return fen.substr(0, fen.rfind(' '));
}

// Writes `chess`, reads it back, and checks the position, the labels and the bytes.
void expect_round_trip(const Chess& chess, const TrainingLabels& labels) {
  const TrainingRecord record = encode_training_record(chess, labels);
  std::string error;
  const auto decoded = decode_training_record(record, error);
  ASSERT_TRUE(decoded) << chess.to_text() << ": " << error;
  EXPECT_EQ(without_fullmove(decoded->position), without_fullmove(chess));
  EXPECT_EQ(decoded->position.key(), chess.key()) << chess.to_text();
  EXPECT_EQ(decoded->labels.score, labels.score);
  EXPECT_EQ(decoded->labels.result, labels.result);
  EXPECT_EQ(decoded->labels.ply, std::min(labels.ply, 255));
  EXPECT_EQ(encode_training_record(decoded->position, decoded->labels), record) << chess.to_text();
}

TEST(TrainingRecord, StartPositionBytesAreAsDocumented) {
  const TrainingRecord record =
      encode_training_record(Chess::start_position(), {.score = -5, .result = -1, .ply = 0});
  const TrainingRecord expected = {
      0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF,  // occupancy: ranks 1, 2, 7, 8
      0x13, 0x42, 0x25, 0x31,                          // R N, B Q, K B, N R
      0x00, 0x00, 0x00, 0x00,                          // white pawns
      0x88, 0x88, 0x88, 0x88,                          // black pawns
      0x9B, 0xCA, 0xAD, 0xB9,                          // r n, b q, k b, n r
      0xFB, 0xFF,                                      // score -5
      0xFF,                                            // result -1
      0x00, 0x0F, 0x00, 0x00, 0x00};                   // white, KQkq, no e.p., clock 0, ply 0
  EXPECT_EQ(record, expected);
}

TEST(TrainingRecord, KeepsEnPassantClockAndPly) {
  const Chess chess = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w Kq f6 0 3");
  const TrainingRecord record =
      encode_training_record(chess, {.score = 1234, .result = 1, .ply = 300});
  EXPECT_EQ(record[24] | (record[25] << 8), 1234);
  EXPECT_EQ(record[26], 1);
  EXPECT_EQ(record[27], 0);
  EXPECT_EQ(record[28], kWhiteShort | kBlackLong);
  EXPECT_EQ(record[29], 6);    // the f-file, plus one
  EXPECT_EQ(record[31], 255);  // the ply, capped
  const Chess late = position("8/8/4k3/8/8/4K3/8/7R b - - 77 120");
  EXPECT_EQ(encode_training_record(late, {})[30], 77);
  EXPECT_EQ(encode_training_record(late, {})[27], 1);
  expect_round_trip(chess, {.score = -32768, .result = 0, .ply = 4});
  expect_round_trip(late, {.score = 32767, .result = -1, .ply = 239});
}

TEST(TrainingRecord, RandomGamesRoundTrip) {
  int positions = 0;
  std::mt19937 labels(11);
  const auto check = [&](const Chess& chess) {
    expect_round_trip(chess, {.score = static_cast<int>(labels() % 6001) - 3000,
                              .result = static_cast<int>(labels() % 3) - 1,
                              .ply = static_cast<int>(labels() % 300)});
    ++positions;
  };
  chess_test::for_each_playout_position(5, 10, 120, check);
  // The published perft suite, where present: promotions, castling and en
  // passant in many more settings.
  std::ifstream suite(std::string(BRUDNO_SHARED_DATA) + "/chess/perftsuite.epd");
  std::string line;
  std::mt19937 random(3);
  while (std::getline(suite, line)) {
    Chess chess = position(line.substr(0, line.find(';')));
    for (int ply = 0; ply < 40; ++ply) {
      check(chess);
      Chess::MoveList moves;
      chess.legal_moves(moves);
      if (moves.empty()) break;
      chess.play(moves[random() % moves.size()]);
    }
  }
  EXPECT_GE(positions, 5000);
}

TEST(TrainingRecord, MalformedRecordsAreRefused) {
  const TrainingRecord good = encode_training_record(Chess::start_position(), {});
  std::string error;
  ASSERT_TRUE(decode_training_record(good, error)) << error;
  const auto refused = [&](TrainingRecord record, const char* why) {
    std::string message;
    EXPECT_FALSE(decode_training_record(record, message)) << why;
    EXPECT_FALSE(message.empty()) << why;
  };
  TrainingRecord bad = good;
  bad[8] = 0x16;  // a1: piece code 6, no piece
  refused(bad, "piece code 6");
  bad = good;
  bad[2] = 0x01;  // a 33rd occupied square
  refused(bad, "33 squares");
  bad = good;
  bad[0] = 0xFE;  // 31 squares, but the 32nd nibble is set
  refused(bad, "nibble past the last piece");
  bad = good;
  bad[26] = 2;
  refused(bad, "result 2");
  bad = good;
  bad[27] = 2;
  refused(bad, "side to move 2");
  bad = good;
  bad[29] = 9;
  refused(bad, "en-passant file 9");
  bad = good;
  bad[9] = 0x45;  // c1 a king: three kings
  refused(bad, "three kings");
}

}  // namespace
}  // namespace brudno::games::chess
