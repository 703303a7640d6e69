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

TEST_F(ProofCommands, MalformedOrMissingFilesAreErrors) {
  const fs::path file = dir / "broken.json";
  write(file, "{ not json");
  EXPECT_EQ(check(file), 1);
  EXPECT_NE(err.str().find("malformed proof"), std::string::npos);
  EXPECT_EQ(check(dir / "absent.json"), 2);
  EXPECT_EQ(run_check_proof({}, out, err), 2);
}

TEST_F(ProofCommands, BadArgumentsAreErrors) {
  EXPECT_EQ(prove({"--game", "go"}), 2);
  EXPECT_NE(err.str().find("unknown game 'go'"), std::string::npos);
  EXPECT_EQ(prove({"--position", "XXXX"}), 2);
  EXPECT_NE(err.str().find("bad tictactoe position 'XXXX'"), std::string::npos);
  EXPECT_EQ(prove({"--bogus"}), 2);
}

}  // namespace
}  // namespace brudno::tools
