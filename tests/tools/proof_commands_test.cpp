// `brudno prove` and `brudno check-proof` on files, including hand-damaged ones.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/command.hpp"

namespace brudno::tools {
namespace {

namespace fs = std::filesystem;

class ProofCommands : public ::testing::Test {
 protected:
  fs::path dir =
      fs::temp_directory_path() /
      ("brudno-proof-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
       "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }

  int prove(const Arguments& args) { return run_prove(args, out, err); }
  int check(const fs::path& file) { return run_check_proof({file.string()}, out, err); }
  static std::string read(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void write(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

  std::ostringstream out;
  std::ostringstream err;
};

TEST_F(ProofCommands, ProvesAndChecksTheThreeClassicPositions) {
  const std::pair<const char*, const char*> cases[] = {
      {".../.../...", "value cp 0 proven"},
      {"OX./.../...", "value cp 0 proven"},
      {"O.X/.../...", "value mate 3 proven"},
  };
  for (const auto& [position, verdict] : cases) {
    const fs::path file = dir / "proof.json";
    ASSERT_EQ(prove({"--game", "tictactoe", "--position", position, "--out", file.string()}), 0)
        << err.str();
    out.str("");
    EXPECT_EQ(check(file), 0) << err.str();
    EXPECT_NE(out.str().find(verdict), std::string::npos) << out.str();
  }
}

// The proof file names the position in the board form: check-proof must read
// back what prove wrote, whatever order of moves made the board.
TEST_F(ProofCommands, ConnectFourProofIsReadBackAndHolds) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--game", "connect4", "--position", "5164271377117164763537126663222432",
                   "--out", file.string()}),
            0)
      << err.str();
  EXPECT_NE(read(file).find(R"("position": "xo...xo/oxx..ox/ooo..xx/xxxo.oo/xoxooxx/oxooxxo")"),
            std::string::npos)
      << read(file).substr(0, 400);
  out.str("");
  EXPECT_EQ(check(file), 0) << err.str();
  EXPECT_NE(out.str().find(" proven"), std::string::npos) << out.str();
}

TEST_F(ProofCommands, HandDamagedProofIsRejectedNamingTheFault) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--position", "O.X/.../...", "--out", file.string()}), 0) << err.str();
  const std::string text = read(file);
  // Drop the last reply of the first node that lists every reply (the
  // opponent's, in one proof or the other), as a person editing the file
  // would: its replies include 2 4 5 7 8 9, and the pair for 9 goes.
  const auto node = text.find(R"([["2",)");
  ASSERT_NE(node, std::string::npos) << text.substr(0, 800);
  const auto nine = text.find(R"(,["9",)", node);
  ASSERT_NE(nine, std::string::npos) << text.substr(0, 800);
  for (const char* reply : {R"(["4",)", R"(["5",)", R"(["7",)", R"(["8",)"}) {
    const auto at = text.find(reply, node);
    ASSERT_TRUE(at != std::string::npos && at < nine) << reply << " not before 9 in " << text;
  }
  const auto pair_end = text.find(']', nine);
  write(file, text.substr(0, nine) + text.substr(pair_end + 1));
  EXPECT_EQ(check(file), 1);
  // The message names the reply and where it is missing.
  const std::string message = err.str();
  EXPECT_NE(message.find("reply '9' is missing"), std::string::npos) << message;
  EXPECT_TRUE(message.find("reply '9' is missing after moves ") != std::string::npos ||
              message.find("reply '9' is missing at the root") != std::string::npos)
      << message;
}

TEST_F(ProofCommands, ChangedLeafValueIsRejected) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--position", "O.X/.../...", "--out", file.string()}), 0);
  const std::string text = read(file);
  const auto leaf = text.find("{\"value\":999999995}");
  ASSERT_NE(leaf, std::string::npos);
  write(file, text.substr(0, leaf) + "{\"value\":999999993}" + text.substr(leaf + 19));
  EXPECT_EQ(check(file), 1);
  EXPECT_NE(err.str().find("leaf value 999999993 is wrong"), std::string::npos) << err.str();
}

// Issue 13: values that are not integers, or out of range, were read as
// valid scores (5294967291 and 999999995.7 as mate 3; 1e300 turned negative).
TEST_F(ProofCommands, ValuesThatAreNotScoresAreRejectedWithTheirPath) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--position", "O.X/.../...", "--out", file.string()}), 0);
  const std::string text = read(file);
  const auto leaf = text.find("{\"value\":999999995}");
  ASSERT_NE(leaf, std::string::npos);
  for (const std::string bad : {"5294967291", "999999995.7", "1e300", "-99999999999999999999",
                                "\"999999995\"", "1000000001"}) {
    write(file, text.substr(0, leaf) + "{\"value\":" + bad + "}" + text.substr(leaf + 19));
    err.str("");
    EXPECT_EQ(check(file), 1) << bad;
    EXPECT_NE(err.str().find("proofs[0].nodes["), std::string::npos) << bad << ": " << err.str();
  }
}

TEST_F(ProofCommands, AProofTooLargeIsRefusedSayingSo) {
  EXPECT_EQ(prove({"--max-positions", "50"}), 1);
  EXPECT_NE(err.str().find("the proof would hold more than 50 positions"), std::string::npos)
      << err.str();
}

// The draw "O on 1, X on 2" claimed as mate 3 by proofs whose opponent nodes
// send every reply to the child of one weak reply.
TEST_F(ProofCommands, ForgedProofSharingAChildAcrossPositionsIsRejected) {
  const fs::path file = dir / "forged.json";
  write(file, R"({"format": "brudno-proof-1", "game": "tictactoe", "position": "OX./.../...",
 "value": 999999995, "proofs": [
  {"claim": "at least", "bound": 999999995, "root": 0, "nodes": [
   [["3",1]],[["4",2],["5",2],["6",2],["7",2],["8",2],["9",2]],[["5",3]],
   [["6",4],["7",4],["8",4],["9",4]],[["7",5]],{"value":999999995}]},
  {"claim": "at most", "bound": 999999995, "root": 0, "nodes": [
   [["3",1],["4",1],["5",1],["6",1],["7",1],["8",1],["9",1]],[["4",2]],
   [["5",3],["6",3],["7",3],["8",3],["9",3]],[["6",4]],[["7",5],["8",5],["9",5]],
   {"value":999999995}]}]})");
  EXPECT_EQ(check(file), 1);
  EXPECT_NE(err.str().find(
                "proof 1 (at least 999999995 (mate 3): 6 positions, 13 moves) fails: "
                "node 4 stands for two different positions: first reached after moves 3 4 5 6"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(out.str().find("proven"), std::string::npos) << out.str();
}

TEST_F(ProofCommands, SummaryThatDisagreesWithTheNodesIsRejected) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--position", "O.X/.../...", "--out", file.string()}), 0) << err.str();
  const std::string text = read(file);
  for (const std::string key : {"\"positions\": ", "\"moves\": "}) {
    const auto at = text.find(key);
    ASSERT_NE(at, std::string::npos) << text.substr(0, 800);
    const auto number_end = text.find(',', at);
    const std::string number = text.substr(at + key.size(), number_end - at - key.size());
    const std::string changed = std::to_string(std::stoul(number) + 1);
    write(file, text.substr(0, at + key.size()) + changed + text.substr(number_end));
    err.str("");
    out.str("");
    EXPECT_EQ(check(file), 1) << key;
    EXPECT_NE(err.str().find("the summary disagrees with the proof: proof 1: " +
                             key.substr(0, key.size() - 2) + " says " + changed +
                             " but the proof has " + number),
              std::string::npos)
        << err.str();
    EXPECT_EQ(out.str().find("proven"), std::string::npos) << out.str();
  }
  const std::string bound_uci = "\"bound_uci\": \"mate 3\"";
  const auto uci = text.find(bound_uci);
  ASSERT_NE(uci, std::string::npos);
  write(file,
        text.substr(0, uci) + "\"bound_uci\": \"mate 2\"" + text.substr(uci + bound_uci.size()));
  err.str("");
  EXPECT_EQ(check(file), 1);
  EXPECT_NE(err.str().find("\"bound_uci\" says \"mate 2\""), std::string::npos) << err.str();
}

TEST_F(ProofCommands, MalformedOrMissingFilesAreErrors) {
  const fs::path file = dir / "broken.json";
  write(file, "{ not json");
  EXPECT_EQ(check(file), 1);
  EXPECT_NE(err.str().find("malformed proof"), std::string::npos);
  EXPECT_EQ(check(dir / "absent.json"), 2);
  EXPECT_EQ(run_check_proof({}, out, err), 2);
}

TEST_F(ProofCommands, CheckProofWithAnUnknownGameIsAUsageError) {
  const fs::path file = dir / "proof.json";
  ASSERT_EQ(prove({"--position", "O.X/.../...", "--out", file.string()}), 0) << err.str();
  EXPECT_EQ(run_check_proof({"--game", "go", file.string()}, out, err), 2);
  EXPECT_NE(err.str().find("unknown game 'go' (chess, tictactoe, connect4, synthetic, 2048)"),
            std::string::npos)
      << err.str();
  // A known game that is not the proof's is a failed check, not a usage error.
  EXPECT_EQ(run_check_proof({"--game", "connect4", file.string()}, out, err), 1);
}

// Positional arguments are not options: --help does not list them as such.
TEST_F(ProofCommands, HelpShowsNoPositionalPlumbing) {
  EXPECT_EQ(run_check_proof({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("Usage: brudno check-proof [--game G] FILE"), std::string::npos);
  EXPECT_EQ(out.str().find("--file"), std::string::npos) << out.str();
  out.str("");
  EXPECT_EQ(run_puzzle({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("--cubes"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("--puzzle"), std::string::npos) << out.str();
  out.str("");
  EXPECT_EQ(run_suite({"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("--weak"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("--file"), std::string::npos) << out.str();
  // They still work as positional arguments.
  EXPECT_EQ(run_suite({(dir / "absent.txt").string()}, out, err), 2);
  EXPECT_NE(err.str().find("cannot read"), std::string::npos) << err.str();
}

TEST_F(ProofCommands, PuzzleWithoutANameSaysWhichPuzzlesExist) {
  EXPECT_EQ(run_puzzle({}, out, err), 2);
  EXPECT_NE(err.str().find("puzzle needs the name of a puzzle; the puzzles: insanity"),
            std::string::npos)
      << err.str();
  err.str("");
  EXPECT_EQ(run_puzzle({"sudoku"}, out, err), 2);
  EXPECT_NE(err.str().find("unknown puzzle 'sudoku' (puzzles: insanity)"), std::string::npos)
      << err.str();
}

TEST_F(ProofCommands, BadArgumentsAreErrors) {
  EXPECT_EQ(prove({"--game", "go"}), 2);
  EXPECT_NE(err.str().find("unknown game 'go'"), std::string::npos);
  EXPECT_EQ(prove({"--position", "XXXX"}), 2);
  EXPECT_NE(err.str().find("bad tictactoe position 'XXXX'"), std::string::npos);
  EXPECT_EQ(prove({"--bogus"}), 2);
  EXPECT_EQ(prove({"--hash", "0"}), 2);
  EXPECT_NE(err.str().find("--hash must be from 1"), std::string::npos);
  EXPECT_EQ(prove({"--max-positions", "0"}), 2);
}

}  // namespace
}  // namespace brudno::tools

namespace brudno::tools {
namespace {

// `brudno mate --proof` and `brudno check-proof --game chess`, and the
// faults a hand-edited chess proof must be refused for.
class MateProofCommands : public ::testing::Test {
 protected:
  fs::path dir = fs::temp_directory_path() /
                 ("brudno-mate-proof-test-" +
                  std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  fs::path file = dir / "mate.json";
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }

  int check() {
    out.str("");
    err.str("");
    return run_check_proof({"--game", "chess", file.string()}, out, err);
  }
  std::string text() const {
    std::ifstream in(file);
    std::stringstream all;
    all << in.rdbuf();
    return all.str();
  }
  void replace(const std::string& from, const std::string& to) {
    std::string all = text();
    const auto at = all.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    all.replace(at, from.size(), to);
    std::ofstream(file) << all;
  }

  std::ostringstream out;
  std::ostringstream err;
};

// Mate in 2 (Stockfish 15.1: mate 2): Kb6 Kb8 Qg8#, and two queen keys.
constexpr const char* kQueenMateIn2 = "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1";

TEST_F(MateProofCommands, ListsEveryKeyAndItsProofHolds) {
  ASSERT_EQ(run_mate({"--fen", kQueenMateIn2, "--moves", "2", "--all", "--proof", file.string()},
                     out, err),
            0)
      << err.str();
  EXPECT_NE(out.str().find("key c6b6 mate 2\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("key g1b1 mate 2\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("key g1g7 mate 2\n"), std::string::npos) << out.str();
  EXPECT_EQ(check(), 0) << err.str();
  EXPECT_NE(out.str().find("mate in 2 proven"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("proof 3 holds"), std::string::npos) << out.str();
}

TEST_F(MateProofCommands, SaysNoMateAndWritesNoProof) {
  EXPECT_EQ(run_mate({"--fen", kQueenMateIn2, "--moves", "1", "--proof", file.string()}, out, err),
            1);
  EXPECT_EQ(out.str(), "no mate in 1\n");
  EXPECT_FALSE(fs::exists(file));
  out.str("");
  EXPECT_EQ(run_mate({"--fen", kQueenMateIn2, "--moves", "1"}, out, err), 0);
  EXPECT_NE(out.str().find("no mate in 1\n"), std::string::npos);
}

TEST_F(MateProofCommands, TamperedProofsAreRejectedNamingTheFault) {
  // The king's key alone: Kb6, then Kb8 is the only reply and Qg8 mates.
  ASSERT_EQ(run_mate({"--fen", "k7/8/1K6/8/8/8/8/6Q1 w - - 0 1", "--moves", "2", "--all", "--proof",
                      file.string()},
                     out, err),
            0)
      << err.str();
  ASSERT_EQ(check(), 0) << err.str();
  const std::string good = text();

  // A leaf that is not mate: the mating move replaced by a quiet one.
  replace("[[\"g1g8\",1]]", "[[\"g1g6\",1]]");
  EXPECT_EQ(check(), 1);
  EXPECT_NE(err.str().find("a leaf that is not the end of the game"), std::string::npos)
      << err.str();

  // A move too many: the mate claimed one move shorter than its tree.
  std::ofstream(file) << good;
  replace("\"bound\": 999999999", "\"bound\": 1000000000");
  EXPECT_EQ(check(), 1);
  EXPECT_NE(err.str().find("does not meet the claim"), std::string::npos) << err.str();
}

TEST_F(MateProofCommands, ARemovedDefenceIsRejected) {
  // Mate in 3 by g1f2: after Kb8 Qb6 the king has c8 and a8 to choose from.
  ASSERT_EQ(run_mate({"--fen", kQueenMateIn2, "--moves", "3", "--all", "--proof", file.string()},
                     out, err),
            0);
  ASSERT_EQ(check(), 0) << err.str();
  std::string all = text();
  // A node line with two moves or more is a defender's: its last reply cut off.
  const auto second = all.find("],[\"");
  ASSERT_NE(second, std::string::npos);
  const auto line_end = all.find('\n', second);
  const auto last = all.rfind("],[\"", line_end);
  const auto end = all.rfind("]]", line_end);
  all.erase(last + 1, end - last);
  std::ofstream(file) << all;
  EXPECT_EQ(check(), 1);
  EXPECT_NE(err.str().find("is missing"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace brudno::tools
