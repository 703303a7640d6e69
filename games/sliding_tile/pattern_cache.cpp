#include "games/sliding_tile/pattern_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <boost/crc.hpp>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace brudno::games {
namespace {

constexpr char kMagic[8] = {'b', 'r', 'u', 'd', 'n', 'o', 'P', 'D'};
// Raised whenever the layout of the file or the meaning of an entry changes.
constexpr std::uint32_t kFormatVersion = 1;

// The header as it is on disk (native byte order: the cache is this machine's).
struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint8_t width;
  std::uint8_t height;
  std::uint8_t tile_count;
  std::uint8_t reserved;
  std::uint8_t tiles[16];
  std::uint64_t entries;
  std::uint32_t checksum;
  std::uint32_t reserved2;
};

Header header_for(int width, int height, const std::vector<int>& tiles) {
  Header header{};
  std::memcpy(header.magic, kMagic, sizeof kMagic);
  header.version = kFormatVersion;
  header.width = static_cast<std::uint8_t>(width);
  header.height = static_cast<std::uint8_t>(height);
  header.tile_count = static_cast<std::uint8_t>(tiles.size());
  for (std::size_t j = 0; j < tiles.size(); ++j)
    header.tiles[j] = static_cast<std::uint8_t>(tiles[j]);
  header.entries = pattern_entries(width * height, static_cast<int>(tiles.size()));
  return header;
}

std::uint32_t checksum(const std::vector<std::uint8_t>& entries) {
  boost::crc_32_type crc;
  crc.process_bytes(entries.data(), entries.size());
  return crc.checksum();
}

// The cache's directory made if missing, and made this user's alone: the
// files in it are trusted when read back, so it must be a real directory
// (not a link to one) that only this user can write. One writable by others
// is closed to them when it is this user's; anyone else's is refused.
std::optional<std::string> make_private(const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return "cannot make the cache directory: " + error.message();
  struct stat info {};
  if (::lstat(directory.c_str(), &info) != 0) return "cannot look at the cache directory";
  if (!S_ISDIR(info.st_mode)) return std::string("the cache directory is a link or no directory");
  if (info.st_uid != ::geteuid()) return std::string("the cache directory is another user's");
  if ((info.st_mode & (S_IWGRP | S_IWOTH)) != 0 && ::chmod(directory.c_str(), 0700) != 0) {
    return std::string("the cache directory is writable by others");
  }
  return std::nullopt;
}

// All of `size` bytes written to `fd`, however the writes split them.
bool write_all(int fd, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t written = ::write(fd, bytes, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    bytes += written;
    size -= static_cast<std::size_t>(written);
  }
  return true;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::filesystem::path default_cache_directory() {
  if (const char* own = std::getenv("BRUDNO_CACHE_DIR"); own != nullptr && *own != '\0') return own;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
    return std::filesystem::path(xdg) / "brudno";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::filesystem::path(home) / ".cache" / "brudno";
  return std::filesystem::temp_directory_path() / "brudno-cache";
}

std::string pattern_file_name(int width, int height, const std::vector<int>& tiles) {
  std::string name = "pdb-";
  name.append(std::to_string(width)).append("x").append(std::to_string(height));
  for (const int tile : tiles) name.append("-").append(std::to_string(tile));
  return name.append(".bin");
}

std::variant<PatternDatabase, std::string> read_pattern_file(const std::filesystem::path& file,
                                                             int width, int height,
                                                             const std::vector<int>& tiles) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::string("missing");
  const Header expected = header_for(width, height, tiles);
  Header header{};
  if (!in.read(reinterpret_cast<char*>(&header), sizeof header))
    return std::string("truncated in its header");
  if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0)
    return std::string("not a pattern database (wrong magic word)");
  if (header.version != kFormatVersion)
    return "format version " + std::to_string(header.version) + ", this build reads " +
           std::to_string(kFormatVersion);
  if (header.width != expected.width || header.height != expected.height ||
      header.tile_count != expected.tile_count ||
      std::memcmp(header.tiles, expected.tiles, sizeof header.tiles) != 0 ||
      header.entries != expected.entries) {
    return std::string("made for another board or pattern");
  }
  std::vector<std::uint8_t> entries(header.entries);
  in.read(reinterpret_cast<char*>(entries.data()), static_cast<std::streamsize>(entries.size()));
  if (static_cast<std::uint64_t>(in.gcount()) != header.entries)
    return "truncated: " + std::to_string(in.gcount()) + " of " + std::to_string(header.entries) +
           " entries";
  if (in.peek() != std::char_traits<char>::eof()) return std::string("longer than its header says");
  if (checksum(entries) != header.checksum) return std::string("checksum mismatch");
  return PatternDatabase::from_parts(width, height, tiles, std::move(entries));
}

std::optional<std::string> write_pattern_file(const std::filesystem::path& file,
                                              const PatternDatabase& database) {
  Header header = header_for(database.width(), database.height(), database.tiles());
  header.checksum = checksum(database.distances());
  if (auto refused = make_private(file.parent_path())) return refused;
  // Written beside and renamed: a reader never sees half a file under the
  // name. The name beside is this writer's own (the process and a count
  // within it), since several processes or threads may build the same
  // database at once; the last rename wins, and each file renamed is whole.
  // It is made new, never opened through a link or over a file already
  // there (O_EXCL | O_NOFOLLOW), readable by this user alone.
  static std::atomic<unsigned> writers{0};
  const std::filesystem::path partial =
      file.string() + ".partial." + std::to_string(::getpid()) + "." + std::to_string(writers++);
  const int fd =
      ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot make " + partial.filename().string() + ": " + std::strerror(errno);
  const bool written = write_all(fd, &header, sizeof header) &&
                       write_all(fd, database.distances().data(), database.distances().size());
  const bool closed = ::close(fd) == 0;
  std::error_code error;
  if (!written || !closed) {
    std::filesystem::remove(partial, error);
    return "cannot write " + partial.filename().string();
  }
  std::filesystem::rename(partial, file, error);
  if (error) return "cannot rename " + partial.filename().string() + ": " + error.message();
  return std::nullopt;
}

std::shared_ptr<const PatternDatabase> load_or_build_pattern(int width, int height,
                                                             const std::vector<int>& tiles,
                                                             const std::filesystem::path& directory,
                                                             int threads,
                                                             PatternCacheReport& report) {
  const std::filesystem::path file = directory / pattern_file_name(width, height, tiles);
  auto start = std::chrono::steady_clock::now();
  auto read = read_pattern_file(file, width, height, tiles);
  if (auto* database = std::get_if<PatternDatabase>(&read)) {
    report.load_seconds += seconds_since(start);
    return std::make_shared<const PatternDatabase>(std::move(*database));
  }
  const std::string why = std::get<std::string>(read);
  start = std::chrono::steady_clock::now();
  PatternLayerReport layers;
  if (report.progress) {
    const std::uint64_t entries = pattern_entries(width * height, static_cast<int>(tiles.size()));
    layers = [&report, &file, entries, placed = std::uint64_t{1}](
                 int depth, std::uint64_t, std::uint64_t placements) mutable {
      placed += placements;
      report.progress("building " + file.filename().string() + ": depth " + std::to_string(depth) +
                      ", " + std::to_string(placed * 100 / entries) +
                      "% of the placements reached");
    };
  }
  auto built = std::make_shared<const PatternDatabase>(
      PatternDatabase::build(width, height, tiles, threads, layers));
  const double seconds = seconds_since(start);
  report.build_seconds += seconds;
  // The note names the file, not where it is: a server passes it on to
  // remote clients, who have no business knowing its paths.
  std::string note =
      file.filename().string() + ": " + why + "; built in " + std::to_string(seconds) + " s";
  if (const auto failed = write_pattern_file(file, *built))
    note += " (not cached: " + *failed + ")";
  report.notes.push_back(note);
  return built;
}

}  // namespace brudno::games
