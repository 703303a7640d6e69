#include "tools/mpi/checkpoint.hpp"

#include <filesystem>
#include <sstream>

namespace brudno::tools::mpi {
namespace {

std::string header(const std::string& identity, std::size_t count) {
  std::string line = "brudno-mpi checkpoint " + std::to_string(count) + " " + identity;
  for (char& c : line) {
    if (c == '\n') c = ' ';
  }
  return line;
}

}  // namespace

std::optional<Checkpoint> Checkpoint::open(const std::string& path, const std::string& identity,
                                           std::size_t count, std::string& error) {
  Checkpoint checkpoint;
  const std::string expected = header(identity, count);
  std::size_t valid_bytes = 0;
  bool fresh = !std::filesystem::exists(path);
  if (!fresh) {
    std::ifstream in(path, std::ios::binary);
    std::string first;
    std::getline(in, first);
    if (in.eof() && first.empty()) {
      fresh = true;
    } else if (first != expected) {
      error = path + " is the checkpoint of another job ('" + first + "'), not of '" + expected +
              "'; remove it or name another";
      return std::nullopt;
    } else {
      valid_bytes = first.size() + 1;
      // Records: "<item> <size>\n<size bytes>\n"; the first that is cut
      // short ends the reading.
      for (;;) {
        std::string record_header;
        if (!std::getline(in, record_header) || in.eof()) break;
        std::istringstream fields(record_header);
        std::size_t item = 0;
        std::size_t size = 0;
        if (!(fields >> item >> size) || item >= count) break;
        std::string result(size, '\0');
        if (!in.read(result.data(), static_cast<std::streamsize>(size))) break;
        if (in.get() != '\n') break;
        checkpoint.finished_[item] = std::move(result);
        valid_bytes += record_header.size() + 1 + size + 1;
      }
    }
  }
  if (!fresh) {
    // Drop a record the kill cut short, so that appends start clean.
    std::filesystem::resize_file(path, valid_bytes);
    checkpoint.file_.open(path, std::ios::binary | std::ios::app);
  } else {
    checkpoint.file_.open(path, std::ios::binary | std::ios::trunc);
    checkpoint.file_ << expected << '\n' << std::flush;
  }
  if (!checkpoint.file_) {
    error = path + ": cannot be written";
    return std::nullopt;
  }
  return checkpoint;
}

void Checkpoint::append(std::size_t item, const std::string& result) {
  file_ << item << ' ' << result.size() << '\n' << result << '\n' << std::flush;
}

}  // namespace brudno::tools::mpi
