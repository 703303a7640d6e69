// The match tool end to end, quickly: brudno-match plays short chess games
// between copies of a fake UCI engine (match_fake_engine.cpp: it mates in
// one when it can, else plays a legal move at once, and misbehaves on
// request). The arbiter, the clocks, the accounting of results and faults,
// adjudication, SPRT and the PGN are checked; the PGN is replayed move by
// move against the chess rules. Real matches are benchmarks, not tests.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "games/chess/chess.hpp"
#include "games/chess/rules/san.hpp"

namespace {

using brudno::games::Chess;

// The back-rank mate Ra8# for white, and the position after 1. e4 (black to move).
constexpr const char* kMateInOne = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
constexpr const char* kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

struct Run {
  int status = -1;
  std::string output;  // standard output and error
};

std::string quoted(const std::string& word) {
  return "'" + word + "'";
}

Run run_match(const std::vector<std::string>& arguments) {
  std::string command = quoted(BRUDNO_MATCH_BINARY);
  for (const auto& argument : arguments) command += ' ' + quoted(argument);
  command += " 2>&1 </dev/null";
  Run run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) {
    run.output.append(buffer.data(), n);
  }
  const int status = pclose(pipe);
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

class MatchSmoke : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    directory_ = std::filesystem::temp_directory_path() /
                 (std::string("brudno_match_") + test->name() + "_" + std::to_string(getpid()));
    std::filesystem::create_directories(directory_);
  }
  void TearDown() override { std::filesystem::remove_all(directory_); }

  std::string openings(const std::vector<std::string>& fens) {
    const auto path = directory_ / "openings.epd";
    std::ofstream file(path);
    for (const auto& fen : fens) file << fen << '\n';
    return path.string();
  }
  std::string pgn_path() const { return (directory_ / "games.pgn").string(); }
  std::string pgn() const {
    std::ifstream file(pgn_path());
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  }

  // The common arguments: two fake engines named A and B, the given extra
  // words for each, openings in file order, the PGN.
  std::vector<std::string> arguments(const std::vector<std::string>& fens, int games,
                                     const std::string& a_words = "",
                                     const std::string& b_words = "",
                                     const std::string& time_control = "10+0.1") {
    return {"--engine",
            "cmd=" + std::string(BRUDNO_FAKE_ENGINE) + a_words,
            "name=A",
            "--engine",
            "cmd=" + std::string(BRUDNO_FAKE_ENGINE) + b_words,
            "name=B",
            "--openings",
            openings(fens),
            "--opening-order",
            "sequential",
            "--games",
            std::to_string(games),
            "--tc",
            time_control,
            "--pgn",
            pgn_path()};
  }

  std::filesystem::path directory_;
};

std::vector<std::string> append(std::vector<std::string> words,
                                const std::vector<std::string>& more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every game of a PGN text: its tags and its movetext.
struct PgnGame {
  std::map<std::string, std::string> tags;
  std::vector<std::string> tokens;  // movetext without comments
};

// A move number: digits and one dot or three ("12." or "12...").
bool is_move_number(const std::string& word) {
  const auto dots = word.find('.');
  return dots > 0 && dots != std::string::npos && word.find_first_not_of("0123456789") == dots &&
         (word.substr(dots) == "." || word.substr(dots) == "...");
}

// Written by hand rather than with std::regex, which GCC 12 warns about
// (maybe-uninitialized) in the sanitizer builds.
std::vector<PgnGame> parse_pgn(const std::string& text) {
  std::vector<PgnGame> games;
  std::istringstream lines(text);
  bool in_moves = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > 2 && line.front() == '[' && line.back() == ']') {
      if (in_moves || games.empty()) games.emplace_back();
      in_moves = false;
      const auto space = line.find(' ');
      const auto open = line.find('"');
      games.back().tags[line.substr(1, space - 1)] =
          line.substr(open + 1, line.rfind('"') - open - 1);
    } else if (!line.empty() && !games.empty()) {
      in_moves = true;
      games.back().tokens.push_back(line);
    }
  }
  for (auto& game : games) {
    std::string joined;
    bool in_comment = false;
    for (const auto& part : game.tokens) {
      for (const char c : part + ' ') {
        if (c == '{') in_comment = true;
        if (!in_comment) joined += c;
        if (c == '}') in_comment = false;
      }
    }
    std::istringstream words(joined);
    game.tokens.clear();
    for (std::string word; words >> word;) {
      if (!is_move_number(word)) game.tokens.push_back(word);
    }
  }
  return games;
}

// Replays a PGN game by the rules: each SAN token must name exactly one legal
// move, and a game won by mate must end in mate. Returns the final position.
Chess replay(const PgnGame& game) {
  const auto fen = game.tags.count("FEN") ? game.tags.at("FEN") : std::string(Chess::kStartFen);
  auto position = Chess::parse(fen);
  EXPECT_TRUE(position) << fen;
  if (!position) return Chess::start_position();
  for (std::size_t i = 0; i + 1 < game.tokens.size(); ++i) {
    Chess::MoveList moves;
    position->legal_moves(moves);
    int matches = 0;
    Chess::Move chosen;
    for (const auto move : moves) {
      if (brudno::games::san(*position, move) == game.tokens[i]) {
        ++matches;
        chosen = move;
      }
    }
    EXPECT_EQ(matches, 1) << "SAN " << game.tokens[i] << " in " << position->to_text();
    if (matches != 1) break;
    position->play(chosen);
  }
  EXPECT_EQ(game.tokens.back(), game.tags.at("Result"));
  EXPECT_EQ(std::to_string(game.tokens.size() - 1), game.tags.at("PlyCount"));
  return *position;
}

TEST_F(MatchSmoke, PairsReverseColoursAndThePgnReplaysByTheRules) {
  const auto run = run_match(arguments({kMateInOne, kAfterE4}, 4));
  ASSERT_EQ(run.status, 0) << run.output;
  // The mate in one is played twice; whoever has white mates.
  EXPECT_TRUE(contains(run.output, "game 1 (pair 1, opening line 1): A - B 1-0, White mates"))
      << run.output;
  EXPECT_TRUE(contains(run.output, "game 2 (pair 1, opening line 1): B - A 1-0, White mates"))
      << run.output;
  // Two copies of one deterministic engine: each pair is a win each or two
  // equal results, one point of two for A.
  EXPECT_TRUE(contains(run.output, "pairs by A's points (0, 1/2, 1, 3/2, 2): [0, 0, 2, 0, 0]"))
      << run.output;
  EXPECT_TRUE(contains(run.output, "Elo difference: +0.0"));

  const auto games = parse_pgn(pgn());
  ASSERT_EQ(games.size(), 4u) << pgn();
  const char* rounds[] = {"1.1", "1.2", "2.1", "2.2"};
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& game = games[i];
    EXPECT_EQ(game.tags.at("Round"), rounds[i]);
    EXPECT_EQ(game.tags.at("White"), i % 2 == 0 ? "A" : "B");
    EXPECT_EQ(game.tags.at("Black"), i % 2 == 0 ? "B" : "A");
    EXPECT_EQ(game.tags.at("FEN"), i < 2 ? kMateInOne : kAfterE4);
    EXPECT_EQ(game.tags.at("TimeControl"), "10+0.1");
    EXPECT_EQ(game.tags.at("Termination"), "normal");
    const Chess end = replay(game);
    // The game ended by the rules: a win is a mate of the side to move.
    const auto status = end.status();
    if (game.tags.at("Result") == "1/2-1/2") {
      EXPECT_EQ(status, brudno::engine::Status::kDrawn);
    } else {
      EXPECT_EQ(status, brudno::engine::Status::kLost);
      EXPECT_EQ(game.tags.at("Result"), end.side_to_move() == 1 ? "1-0" : "0-1");
    }
  }
  EXPECT_EQ(games[0].tokens.front(), "Ra8#");
}

struct FaultCase {
  const char* fault;
  const char* counted;      // in "faults of B: ..."
  const char* termination;  // the PGN tag
};

class MatchFaults : public MatchSmoke, public ::testing::WithParamInterface<FaultCase> {};

TEST_P(MatchFaults, LoseTheGameAndAreCountedForTheEngineAtFault) {
  const FaultCase fault = GetParam();
  // B fails at every search.
  const std::string b_words = std::string(" --fault ") + fault.fault + " --after 0";
  const auto run = run_match(arguments({kAfterE4}, 2, "", b_words, "0.3+0"));
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_TRUE(contains(run.output, "A: 2 wins, 0 draws, 0 losses")) << run.output;
  EXPECT_TRUE(contains(run.output, std::string("faults of B: ") + fault.counted)) << run.output;
  EXPECT_TRUE(contains(run.output,
                       "faults of A: lost on time 0, illegal moves 0, no move 0, "
                       "disconnects 0"))
      << run.output;
  const auto games = parse_pgn(pgn());
  ASSERT_EQ(games.size(), 2u);
  for (const auto& game : games) EXPECT_EQ(game.tags.at("Termination"), fault.termination);
}

INSTANTIATE_TEST_SUITE_P(
    EachFault, MatchFaults,
    ::testing::Values(
        FaultCase{"illegal", "lost on time 0, illegal moves 2,", "rules infraction"},
        FaultCase{"none", "lost on time 0, illegal moves 0, no move 2,", "rules infraction"},
        FaultCase{"crash", "lost on time 0, illegal moves 0, no move 0, disconnects 2",
                  "abandoned"},
        FaultCase{"slow", "lost on time 2,", "time forfeit"},
        FaultCase{"silent", "lost on time 2,", "time forfeit"}),
    [](const auto& info) { return std::string(info.param.fault); });

TEST_F(MatchSmoke, ResignAndLengthThresholdsAdjudicate) {
  // A says +9.00 on every move and B -9.00: B resigns after its second move.
  auto words = arguments({kAfterE4}, 2, " --score 900", " --score -900");
  words = append(words, {"--resign", "movecount=2", "score=500"});
  auto run = run_match(words);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(
      contains(run.output, "resign: an engine whose own score is at or below -500 cp for 2"))
      << run.output;
  EXPECT_TRUE(contains(run.output, "A: 2 wins")) << run.output;
  EXPECT_TRUE(contains(run.output, "endings: adjudication 2")) << run.output;
  auto games = parse_pgn(pgn());
  ASSERT_EQ(games.size(), 2u);
  // Black (B) moves first: B, A, B: three plies; then A, B, A, B: four.
  EXPECT_EQ(games[0].tags.at("PlyCount"), "3");
  EXPECT_EQ(games[1].tags.at("PlyCount"), "4");
  EXPECT_EQ(games[0].tags.at("Termination"), "adjudication");

  words = append(arguments({kAfterE4}, 2), {"--maxmoves", "3"});
  run = run_match(words);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "drawn 2")) << run.output;
  games = parse_pgn(pgn());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags.at("PlyCount"), "6");
}

TEST_F(MatchSmoke, SprtStopsWhenItDecides) {
  // B's every move is illegal, so A wins every pair twice. With bounds [0, 400]
  // the log-likelihood ratio passes log(19) = 2.94 at the fifth pair (0.001 for
  // each empty cell: 2.99 at five, 2.39 at four; see match_statistics_test).
  auto words = arguments({kAfterE4, kMateInOne}, 40, "", " --fault illegal --after 0");
  words = append(words, {"--sprt", "elo0=0", "elo1=400"});
  const auto run = run_match(words);
  EXPECT_EQ(run.status, 1) << run.output;  // the illegal moves
  EXPECT_TRUE(contains(run.output, "pair 4: A 2 of 2; after 4 pairs LLR")) << run.output;
  EXPECT_TRUE(contains(run.output, "pair 5: A 2 of 2; after 5 pairs LLR 2.99 (-2.94, 2.94)"))
      << run.output;
  EXPECT_FALSE(contains(run.output, "pair 6:")) << run.output;
  EXPECT_TRUE(contains(run.output, "H1 accepted")) << run.output;
  EXPECT_TRUE(contains(run.output, "10 games")) << run.output;
}

TEST_F(MatchSmoke, NodesAMoveMakeTheGamesRepeatable) {
  // brudno itself at one thread: `go nodes N` leaves nothing to the clocks or
  // the machine's load, so two runs play the same moves. On the clocks the
  // same games would differ as soon as one search ended at another depth.
  const std::vector<std::string> words = {"--engine",
                                          std::string("cmd=") + BRUDNO_BINARY,
                                          "--each",
                                          "option.Threads=1",
                                          "option.Hash=16",
                                          "--openings",
                                          openings({kAfterE4}),
                                          "--opening-order",
                                          "sequential",
                                          "--games",
                                          "2",
                                          "--nodes",
                                          "3000",
                                          "--tc",
                                          "60+1",
                                          "--maxmoves",
                                          "12",
                                          "--pgn",
                                          pgn_path()};
  std::vector<std::vector<std::string>> moves_of_each_run;
  for (int run_number = 0; run_number < 2; ++run_number) {
    const auto run = run_match(words);
    ASSERT_EQ(run.status, 0) << run.output;
    EXPECT_TRUE(contains(run.output, "moves: `go nodes 3000` each")) << run.output;
    EXPECT_TRUE(contains(run.output, "the second game of each pair repeats the first"))
        << run.output;
    const auto games = parse_pgn(pgn());
    ASSERT_EQ(games.size(), 2u);
    std::vector<std::string> moves;
    for (const auto& game : games)
      moves.insert(moves.end(), game.tokens.begin(), game.tokens.end());
    EXPECT_GT(moves.size(), 20u);  // both games went on to the length limit or an end
    moves_of_each_run.push_back(moves);
  }
  EXPECT_EQ(moves_of_each_run[0], moves_of_each_run[1]);

  auto negative = words;
  *std::find(negative.begin(), negative.end(), "3000") = "-1";
  const auto refused = run_match(negative);
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_TRUE(contains(refused.output, "--nodes must be at least 0")) << refused.output;
}

TEST_F(MatchSmoke, TwoGamesAtOnceEachWithItsOwnEngines) {
  auto words = append(arguments({kMateInOne, kAfterE4}, 8), {"--concurrency", "2"});
  const auto run = run_match(words);
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "concurrency: 2 games at once")) << run.output;
  EXPECT_TRUE(contains(run.output, "pairs by A's points (0, 1/2, 1, 3/2, 2): [0, 0, 4, 0, 0]"))
      << run.output;
  EXPECT_EQ(parse_pgn(pgn()).size(), 8u);
}

TEST_F(MatchSmoke, BadInputIsNamedAndExitsWithTwo) {
  const std::string fake = std::string("cmd=") + BRUDNO_FAKE_ENGINE;
  const std::string small = openings({kAfterE4});
  struct Case {
    std::vector<std::string> words;
    const char* message;
  };
  const Case cases[] = {
      {{"--engine", fake, "option.Bogus=1", "--openings", small}, "declares no option 'Bogus'"},
      {{"--engine", fake, "option.Hash=0", "--openings", small},
       "takes a whole number from 1 to 1024"},
      {{"--engine", fake, "--games", "3"}, "--games must be even"},
      {{"--engine", fake, "--concurrency", "3"}, "--concurrency must be 1 or 2"},
      {{"--engine", fake, "--tc", "1+x"}, "is not [moves/]seconds[+increment]"},
      {{"--engine", fake, "--game", "connect4", "--nodes", "100"}, "--nodes is for chess only"},
      {{"--engine", fake, "--openings", "/no/such.epd"}, "/no/such.epd: cannot be read"},
      {{"--engine", "cmd=/no/such/engine"}, "/no/such/engine: no such executable file"},
      {{"--engine", fake, "--sprt", "elo0=5", "elo1=0"}, "elo0 must be below elo1"},
      {{"--engine", fake, "--resign", "movecount=2"}, "--resign needs score=N"},
  };
  for (const auto& bad : cases) {
    const auto run = run_match(bad.words);
    EXPECT_EQ(run.status, 2) << bad.message << "\n" << run.output;
    EXPECT_TRUE(contains(run.output, bad.message)) << run.output;
  }
}

// Chess960 between two brudno processes: the start positions by number,
// UCI_Chess960 on both, castling as the king taking its rook, and a PGN that
// names its variant and replays in Chess960 mode.
TEST_F(MatchSmoke, Chess960PlaysTheStartPositions) {
  const auto run =
      run_match({"--variant", "chess960", "--games", "2", "--tc", "2+0.05", "--maxmoves", "12",
                 "--opening-order", "sequential", "--opening-start", "1", "--engine", BRUDNO_BINARY,
                 "--pgn", pgn_path()});
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "games of Chess960")) << run.output;
  EXPECT_TRUE(contains(run.output, "game 1 (pair 1, start position 0)")) << run.output;
  EXPECT_TRUE(contains(run.output, "UCI_Chess960=true")) << run.output;
  const auto games = parse_pgn(pgn());
  ASSERT_EQ(games.size(), 2u) << pgn();
  for (const auto& game : games) {
    EXPECT_EQ(game.tags.at("Variant"), "Chess960");
    EXPECT_EQ(game.tags.at("FEN"), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  }
  // An engine without UCI_Chess960 cannot play it.
  const auto refused = run_match(append(arguments({kAfterE4}, 2), {"--variant", "chess960"}));
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_TRUE(contains(refused.output, "declares no option 'UCI_Chess960'")) << refused.output;
}

TEST_F(MatchSmoke, ConnectFourStillPlays) {
  const auto run = run_match({"--game", "connect4", "--games", "2", "--base", "300", "--increment",
                              "10", "--engine", BRUDNO_BINARY});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "games 2 of connect4")) << run.output;
  EXPECT_TRUE(contains(run.output, "lost on time: engine 1 0, engine 2 0")) << run.output;
}

}  // namespace
