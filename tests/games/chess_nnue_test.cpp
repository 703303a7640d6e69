// The network's inference: the file refused when it is not one, every SIMD
// path equal to the plain one on thousands of positions, and the
// accumulators kept along random games (moves, undos, null moves, castling,
// en passant, promotions) equal to those built from the board.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/eval/endgame_scale.hpp"
#include "games/chess/eval/nnue/active_network.hpp"
#include "games/chess/eval/nnue/embedded_network.hpp"
#include "games/chess/eval/nnue/evaluate.hpp"
#include "games/chess/eval/nnue/network.hpp"
#include "games/chess/eval/nnue/simd.hpp"
#include "tests/games/chess_test_positions.hpp"
#include "tests/games/nnue_test_network.hpp"

namespace brudno::games::chess::nnue {
namespace {

using nnue_test::random_network_bytes;
using nnue_test::Shape;

Network parsed(const std::vector<std::uint8_t>& bytes) {
  std::string error;
  auto network = parse_network(bytes, "test", error);
  EXPECT_TRUE(network) << error;
  return network ? std::move(*network) : Network{};
}

// The networks every test runs: the repository's, a random one of the
// default widths, one whose widths are no multiple of the SIMD lanes, one
// with eight output buckets, and two of the direct shape (one of 256, one
// narrow with eight buckets and padding).
std::vector<Network> test_networks() {
  std::vector<Network> networks;
  networks.push_back(embedded_network());
  networks.push_back(parsed(random_network_bytes({256, 32, 32}, 1)));
  networks.push_back(parsed(random_network_bytes({40, 24, 8}, 2)));
  networks.push_back(parsed(random_network_bytes({40, 24, 8, 8}, 5)));
  networks.push_back(parsed(random_network_bytes({256, 0, 0, 1, true}, 12)));
  networks.push_back(parsed(random_network_bytes({40, 0, 0, 8, true}, 13)));
  return networks;
}

std::vector<std::string> opening_fens(std::size_t count) {
  std::vector<std::string> fens;
  std::ifstream file(std::string(BRUDNO_SHARED_DATA) + "/chess/2moves_v1.epd");
  std::string line;
  while (fens.size() < count && std::getline(file, line))
    if (!line.empty()) fens.push_back(line);
  return fens;
}

// Random games from the start position and from the openings (where the
// shared data has them), `visit` seeing each position reached.
template <class Visit>
void for_each_random_position(unsigned seed, Visit visit) {
  std::mt19937 random(seed);
  // Enough games from the start alone for 2 000 positions where the openings are absent.
  std::vector<std::string> starts(30, std::string(Chess::kStartFen));
  for (auto& fen : opening_fens(60)) starts.push_back(fen);
  for (const auto& fen : starts) {
    Chess game = chess_test::position(fen);
    for (int ply = 0; ply < 80; ++ply) {
      visit(game);
      Chess::MoveList moves;
      game.legal_moves(moves);
      if (moves.empty()) break;
      game.play(moves[random() % moves.size()]);
    }
  }
}

TEST(NnueNetwork, EmbeddedNetworkIsTheRepositoryFile) {
  const auto bytes = embedded_network_bytes();
  std::string error;
  const auto network = parse_network(bytes, "embedded", error);
  ASSERT_TRUE(network) << error;
  EXPECT_EQ(bytes.size(),
            network_file_size(network->hidden, network->l1, network->l2, network->stacks.size()));
  EXPECT_LT(bytes.size(), 1u << 20);
}

TEST(NnueNetwork, LayoutIsReadAsWrittenAndPadded) {
  const Shape shape{40, 24, 8};
  const auto bytes = random_network_bytes(shape, 7);
  ASSERT_EQ(bytes.size(), network_file_size(40, 24, 8));
  const Network network = parsed(bytes);
  EXPECT_EQ(network.hidden, 40);
  EXPECT_EQ(network.hidden_padded, 48);
  EXPECT_EQ(network.l1_padded, 32);
  EXPECT_EQ(network.l2_padded, 16);
  // The first transformer bias, and the first weight of feature 1, by hand.
  auto i16_at = [&](std::size_t offset) {
    return static_cast<std::int16_t>(bytes[offset] | (bytes[offset + 1] << 8));
  };
  EXPECT_EQ(network.ft_bias[0], i16_at(40));
  EXPECT_EQ(network.feature_row(1)[0], i16_at(40 + 2 * 40 + 2 * 40));
  // Padding lanes are zero.
  EXPECT_EQ(network.ft_bias[47], 0);
  EXPECT_EQ(network.feature_row(767)[45], 0);
  // The output bias is the file's last four bytes.
  const std::size_t end = bytes.size();
  const auto last =
      static_cast<std::int32_t>(bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) |
                                (static_cast<std::uint32_t>(bytes[end - 1]) << 24));
  EXPECT_EQ(network.buckets, 1);
  ASSERT_EQ(network.stacks.size(), 1u);
  EXPECT_EQ(network.stacks[0].out_bias, last);
}

// Version 2: the bucket count after the header's ten words, then one dense
// stack per bucket; a position takes the stack of its piece count.
TEST(NnueNetwork, OutputBucketsAreReadAndChosenByThePieceCount) {
  const Shape shape{40, 24, 8, 8};
  const auto bytes = random_network_bytes(shape, 8);
  ASSERT_EQ(bytes.size(), network_file_size(40, 24, 8, 8));
  const Network network = parsed(bytes);
  EXPECT_EQ(network.buckets, 8);
  ASSERT_EQ(network.stacks.size(), 8u);
  EXPECT_EQ(network_shape(network), "40x2-24-8-1 in 8 output buckets");
  EXPECT_EQ(network_shape(parsed(random_network_bytes({40, 24, 8}, 8))), "40x2-24-8-1");
  // The transformer starts after the 44-byte header.
  EXPECT_EQ(network.ft_bias[0], static_cast<std::int16_t>(bytes[44] | (bytes[45] << 8)));
  const std::size_t end = bytes.size();
  const auto last =
      static_cast<std::int32_t>(bytes[end - 4] | (bytes[end - 3] << 8) | (bytes[end - 2] << 16) |
                                (static_cast<std::uint32_t>(bytes[end - 1]) << 24));
  EXPECT_EQ(network.stacks[7].out_bias, last);
  EXPECT_NE(network.stacks[0].out_bias, network.stacks[7].out_bias);
  // (pieces - 1) / 4 with eight buckets.
  EXPECT_EQ(&network.stack_for(2), &network.stacks[0]);
  EXPECT_EQ(&network.stack_for(5), &network.stacks[1]);
  EXPECT_EQ(&network.stack_for(8), &network.stacks[1]);
  EXPECT_EQ(&network.stack_for(9), &network.stacks[2]);
  EXPECT_EQ(&network.stack_for(32), &network.stacks[7]);
  // Refused: a count outside 2..16, and a file cut inside the longer header.
  std::string error;
  auto with_buckets = bytes;
  with_buckets[40] = 1;
  EXPECT_FALSE(parse_network(with_buckets, "net.nnue", error));
  EXPECT_NE(error.find("1 output buckets"), std::string::npos) << error;
  with_buckets[40] = 17;
  EXPECT_FALSE(parse_network(with_buckets, "net.nnue", error));
  EXPECT_NE(error.find("17 output buckets"), std::string::npos) << error;
  EXPECT_FALSE(parse_network({bytes.begin(), bytes.begin() + 42}, "net.nnue", error));
  EXPECT_NE(error.find("header of version 2"), std::string::npos) << error;
  // One stack fewer than the header says is a truncated file.
  auto seven = random_network_bytes({40, 24, 8, 7}, 8);
  seven[40] = 8;
  EXPECT_FALSE(parse_network(seven, "net.nnue", error));
  EXPECT_NE(error.find("(truncated)"), std::string::npos) << error;
}

// Version 3, the direct shape: read as written, padded, and scored by the
// arithmetic docs/nnue.md states, written out here in 64-bit integers.
TEST(NnueNetwork, DirectShapeIsReadAndScoredAsStated) {
  const Shape shape{40, 0, 0, 8, true};
  const auto bytes = random_network_bytes(shape, 14);
  ASSERT_EQ(bytes.size(), network_file_size(40, 0, 0, 8));
  const Network network = parsed(bytes);
  EXPECT_TRUE(network.direct);
  EXPECT_EQ(network_shape(network), "40x2-1 SCReLU in 8 output buckets");
  EXPECT_EQ(network.activation_quant, 255);
  ASSERT_EQ(network.stacks.size(), 8u);
  const auto i16_at = [&](std::size_t offset) {
    return static_cast<std::int16_t>(bytes[offset] | (bytes[offset + 1] << 8));
  };
  // Bucket 0's output weights follow the transformer; each half padded.
  const std::size_t outputs = 44 + 2 * 40 + 2 * 768 * 40;
  const DenseStack& first = network.stacks[0];
  ASSERT_EQ(first.out_weight.size(), 2u * 48);
  EXPECT_EQ(first.out_weight[0], i16_at(outputs));
  EXPECT_EQ(first.out_weight[48], i16_at(outputs + 2 * 40));
  EXPECT_EQ(first.out_weight[47], 0);

  int positions = 0;
  for_each_random_position(21, [&](const Chess& game) {
    ++positions;
    const auto width = static_cast<std::size_t>(network.hidden_padded);
    std::vector<std::int16_t> pair(2 * width);
    build_accumulators(game, network, SimdPath::kPlain, pair.data(), pair.data() + width);
    const auto us = static_cast<std::size_t>(game.side_to_move());
    const std::int16_t* halves[2] = {pair.data() + us * width, pair.data() + (1 - us) * width};
    const DenseStack& stack = network.stack_for(std::popcount(game.occupied()));
    std::int64_t sum = 0;
    for (std::size_t half = 0; half < 2; ++half) {
      for (std::size_t i = 0; i < width; ++i) {
        const std::int64_t c = std::clamp<std::int64_t>(halves[half][i], 0, 255);
        sum += c * c * stack.out_weight[half * width + i];
      }
    }
    // These weights keep the sum inside int32, so wrapping never acts here.
    ASSERT_LT(std::abs(sum), std::int64_t{1} << 31);
    const std::int64_t out = sum / 255 + stack.out_bias;
    const std::int64_t expected = out * 400 / (255 << 6);
    ASSERT_EQ(evaluate_from_scratch(game, network, SimdPath::kPlain), expected) << game.to_text();
  });
  EXPECT_GE(positions, 2000);

  // Refused: a weight whose product with A leaves int16, a version 3 file
  // with dense widths or the clipped ReLU, no bucket.
  auto expect_refused = [](const std::vector<std::uint8_t>& file, const std::string& words) {
    std::string error;
    EXPECT_FALSE(parse_network(file, "net.nnue", error)) << words;
    EXPECT_NE(error.find(words), std::string::npos) << error;
  };
  auto patched = [&](std::size_t offset, std::uint8_t value) {
    auto file = bytes;
    file[offset] = value;
    return file;
  };
  auto heavy = bytes;
  heavy[outputs] = 129;  // weight 129 (little-endian low byte, high byte 0)
  heavy[outputs + 1] = 0;
  expect_refused(heavy, "leaves int16");
  expect_refused(patched(16, 8), "dense widths 8 and 0");
  expect_refused(patched(24, 0), "activation 0");
  expect_refused(patched(40, 0), "0 output buckets");
  // One bucket is a direct network too.
  EXPECT_TRUE(parsed(random_network_bytes({40, 0, 0, 1, true}, 15)).direct);
}

// Each fault is refused with a message that names it.
TEST(NnueNetwork, BadFilesAreRefusedNamingTheFault) {
  const auto good = random_network_bytes({32, 16, 16}, 3);
  auto expect_refused = [](const std::vector<std::uint8_t>& bytes, const std::string& words) {
    std::string error;
    EXPECT_FALSE(parse_network(bytes, "net.nnue", error)) << words;
    EXPECT_NE(error.find(words), std::string::npos) << error;
    EXPECT_EQ(error.rfind("net.nnue: ", 0), 0u) << error;
  };
  expect_refused({}, "shorter than the 40-byte header");
  expect_refused({good.begin(), good.begin() + 39}, "shorter than the 40-byte header");
  expect_refused({good.begin(), good.end() - 1}, "(truncated)");
  expect_refused({good.begin(), good.begin() + 1000}, "(truncated)");
  auto extended = good;
  extended.push_back(0);
  expect_refused(extended, "(extended)");
  auto patched = [&](std::size_t offset, std::uint8_t value) {
    auto bytes = good;
    bytes[offset] = value;
    return bytes;
  };
  expect_refused(patched(0, 'X'), "magic");
  expect_refused(patched(4, 4), "version 4");
  expect_refused(patched(9, 0), "0 input features");
  expect_refused(patched(12, 0), "hidden width 0");
  expect_refused(patched(12, 33), "where its header says");  // a width the size does not fit
  expect_refused(patched(16, 0), "dense widths");
  expect_refused(patched(24, 1), "activation 1");
  expect_refused(patched(28, 0), "activation quant 0");
  expect_refused(patched(32, 40), "dense shift 40");
  expect_refused(patched(39, 0x80), "score scale");
  std::string error;
  EXPECT_TRUE(parse_network(good, "net.nnue", error)) << error;

  EXPECT_FALSE(read_network_file("/nonexistent/net.nnue", error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

// load_network: a file read and kept, a bad one refused with its fault,
// "<embedded>" the built-in network.
TEST(NnueNetwork, LoadReadsAGoodFileAndRefusesABadOne) {
  const std::string path = ::testing::TempDir() + "nnue_load_test.nnue";
  nnue_test::write_file(path, random_network_bytes({32, 16, 16}, 4));
  const auto loaded = load_network(path);
  ASSERT_NE(loaded.network, nullptr) << loaded.fault;
  EXPECT_EQ(loaded.network->name, path);
  EXPECT_EQ(loaded.network->hidden, 32);
  const std::string truncated = path + ".cut";
  auto bytes = random_network_bytes({32, 16, 16}, 4);
  bytes.pop_back();
  nnue_test::write_file(truncated, bytes);
  const auto refused = load_network(truncated);
  EXPECT_EQ(refused.network, nullptr);
  EXPECT_NE(refused.fault.find("truncated"), std::string::npos) << refused.fault;
  EXPECT_EQ(load_network("/nonexistent.nnue").network, nullptr);
  EXPECT_EQ(load_network(kEmbeddedNetworkName).network, &embedded_network());
}

// A position evaluates with the network set on it, carried by its copies;
// without one, by hand.
TEST(NnueNetwork, APositionEvaluatesWithItsNetwork) {
  Chess start = Chess::start_position();
  EXPECT_EQ(start.network(), nullptr);
  EXPECT_EQ(start.evaluate(), start.hand_written_evaluate());
  start.set_network(&embedded_network());
  const Chess copy = start;
  EXPECT_EQ(copy.evaluate(), evaluate_from_scratch(start, embedded_network(), SimdPath::kPlain));
  // Material that cannot win is scaled toward 0 as the hand-written value is
  // (a knight alone: a dead draw, whatever the network says).
  std::optional<Chess> knight = Chess::parse("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
  ASSERT_TRUE(knight.has_value());
  knight->set_network(&embedded_network());
  ASSERT_EQ(endgame_scale(*knight, kWhite), 0);
  ASSERT_NE(evaluate_from_scratch(*knight, embedded_network(), SimdPath::kPlain), 0);
  EXPECT_EQ(knight->evaluate(), 0);
  start.set_network(nullptr);
  EXPECT_EQ(start.evaluate(), start.hand_written_evaluate());
}

// Every compiled path that this processor runs gives the plain path's
// accumulators and score on every position.
TEST(NnueSimd, EveryPathEqualsThePlainOne) {
  std::vector<SimdPath> paths;
  for (const SimdPath path : kAllSimdPaths)
    if (path != SimdPath::kPlain && simd_path_available(path)) paths.push_back(path);
  if (paths.empty()) GTEST_SKIP() << "no SIMD path is compiled in or supported here";
  for (const SimdPath path : kAllSimdPaths)
    if (!simd_path_available(path))
      std::printf("path %s not available here\n", simd_path_name(path));
  const auto networks = test_networks();
  int positions = 0;
  int clamped_scores = 0;
  for_each_random_position(11, [&](const Chess& game) {
    ++positions;
    for (const Network& network : networks) {
      const auto width = static_cast<std::size_t>(network.hidden_padded);
      std::vector<std::int16_t> plain(2 * width);
      build_accumulators(game, network, SimdPath::kPlain, plain.data(), plain.data() + width);
      const int expected = evaluate_from_scratch(game, network, SimdPath::kPlain);
      if (expected == 0) ++clamped_scores;
      for (const SimdPath path : paths) {
        std::vector<std::int16_t> pair(2 * width);
        build_accumulators(game, network, path, pair.data(), pair.data() + width);
        ASSERT_EQ(pair, plain) << simd_path_name(path) << " " << game.to_text();
        ASSERT_EQ(evaluate_from_scratch(game, network, path), expected)
            << simd_path_name(path) << " " << game.to_text() << " network " << network.hidden;
      }
    }
  });
  EXPECT_GE(positions, 2000);
  // The scores are spread, not stuck at one clamp.
  EXPECT_LT(clamped_scores, positions);
}

// Along random games: after every move, undo and null move the cached
// accumulators equal the board's, and the score equals the scratch score.
TEST(NnueAccumulators, IncrementalEqualsScratchAlongRandomGames) {
  const auto networks = test_networks();
  std::mt19937 random(5);
  std::vector<std::string> starts(chess_test::kPerftPositions.begin(),
                                  chess_test::kPerftPositions.end());
  for (auto& fen : opening_fens(40)) starts.push_back(fen);
  int castles = 0, en_passants = 0, promotions = 0, nulls = 0, checks = 0;
  for (const Network& network : networks) {
    auto check = [&](const Chess& game, const char* after) {
      ++checks;
      ASSERT_TRUE(cached_accumulators_match_board(game, network)) << after << " " << game.to_text();
      ASSERT_EQ(evaluate(game, network, engine_simd_path()),
                evaluate_from_scratch(game, network, SimdPath::kPlain))
          << after << " " << game.to_text();
    };
    for (const auto& fen : starts) {
      for (int round = 0; round < 3; ++round) {
        Chess game = chess_test::position(fen);
        // Evaluated every `stride` plies: the cache walks back over up to 11
        // plies at once, beyond which it rebuilds from the board.
        const int stride = 1 + static_cast<int>(random() % 11);
        for (int ply = 0; ply < 120; ++ply) {
          Chess::MoveList moves;
          game.legal_moves(moves);
          if (moves.empty()) break;
          if (ply % stride == 0) check(game, "play");
          // Now and then a move tried and taken back, the position evaluated
          // in between (not at every ply: the cache must also walk back).
          if (random() % 3 == 0) {
            const Chess::Move tried = moves[random() % moves.size()];
            game.play(tried);
            check(game, "a tried move");
            game.undo(tried);
            check(game, "undo");
          }
          if (!game.in_check() && random() % 4 == 0) {
            game.play_null();
            ++nulls;
            check(game, "null move");
            game.undo_null();
            check(game, "undo of a null move");
          }
          // Castling, en passant and promotions chosen when there are any.
          Chess::Move chosen = moves[random() % moves.size()];
          for (const auto move : moves)
            if (move.kind() != Chess::Move::kNormal && random() % 2 == 0) chosen = move;
          castles += chosen.kind() == Chess::Move::kCastling;
          en_passants += chosen.kind() == Chess::Move::kEnPassant;
          promotions += chosen.kind() == Chess::Move::kPromotion;
          game.play(chosen);
          // A copy has an empty cache and scores the same.
          if (ply % 17 == 0) {
            const Chess copy = game;
            check(copy, "copy");
          }
        }
      }
    }
  }
  EXPECT_GT(castles, 10);
  EXPECT_GT(en_passants, 10);
  EXPECT_GT(promotions, 10);
  EXPECT_GT(nulls, 100);
  EXPECT_GT(checks, 10000);
}

// A network read where the last one was freed (the same address) is still
// another network to the cache.
TEST(NnueAccumulators, ANetworkAtAFreedOnesAddressIsAnotherNetwork) {
  const Chess game = chess_test::position(chess_test::kPerftPositions[1]);
  std::optional<Network> network = parsed(random_network_bytes({64, 32, 32}, 21));
  const int first = evaluate(game, *network, engine_simd_path());
  network.reset();
  network = parsed(random_network_bytes({64, 32, 32}, 22));
  const int second = evaluate(game, *network, engine_simd_path());
  EXPECT_EQ(second, evaluate_from_scratch(game, *network, SimdPath::kPlain));
  EXPECT_NE(first, second);
}

// One position's cache serves one network at a time: another rebinds it.
TEST(NnueAccumulators, AnotherNetworkRebuildsTheCache) {
  const auto networks = test_networks();
  Chess game = chess_test::position(chess_test::kPerftPositions[1]);
  Chess::MoveList moves;
  game.legal_moves(moves);
  for (int i = 0; i < 6; ++i) {
    const Network& network = networks[static_cast<std::size_t>(i) % networks.size()];
    EXPECT_EQ(evaluate(game, network, engine_simd_path()),
              evaluate_from_scratch(game, network, SimdPath::kPlain));
    Chess::MoveList now;
    game.legal_moves(now);
    game.play(now[0]);
  }
}

}  // namespace
}  // namespace brudno::games::chess::nnue
