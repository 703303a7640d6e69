#include "tools/selfplay/checkpoint.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace brudno::tools::selfplay {
namespace {

constexpr const char* kFirstLine = "brudno selfplay checkpoint";

}  // namespace

std::optional<Checkpoint> read_checkpoint(const std::string& path, std::string& error) {
  error.clear();
  std::error_code code;
  if (!std::filesystem::exists(path, code)) return std::nullopt;
  std::ifstream in(path);
  std::string first;
  Checkpoint checkpoint;
  std::string arguments_key;
  std::string games_key;
  std::string positions_key;
  std::string bytes_key;
  if (!in || !std::getline(in, first) || first != kFirstLine || !(in >> arguments_key) ||
      arguments_key != "arguments" || !in.ignore(1) || !std::getline(in, checkpoint.arguments) ||
      !(in >> games_key >> checkpoint.games) || games_key != "games" ||
      !(in >> positions_key >> checkpoint.positions) || positions_key != "positions" ||
      !(in >> bytes_key >> checkpoint.bytes) || bytes_key != "bytes") {
    error = path + " is not a selfplay checkpoint";
    return std::nullopt;
  }
  return checkpoint;
}

bool write_checkpoint(const std::string& path, const Checkpoint& checkpoint, std::string& error) {
  const std::string temporary = path + ".new";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << kFirstLine << "\narguments " << checkpoint.arguments << "\ngames " << checkpoint.games
        << "\npositions " << checkpoint.positions << "\nbytes " << checkpoint.bytes << '\n';
    out.flush();
    if (!out) {
      error = "cannot write " + temporary;
      return false;
    }
  }
  std::error_code code;
  std::filesystem::rename(temporary, path, code);
  if (code) {
    error = "cannot rename " + temporary + " to " + path + ": " + code.message();
    return false;
  }
  return true;
}

}  // namespace brudno::tools::selfplay
