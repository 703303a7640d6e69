#pragma once
// Pattern databases cached on disk: built on first use, then read back. A
// file is a header (a magic word, the format version, the board, the
// pattern's tiles, the number of entries, a CRC-32 of the entries) and the
// entries, one byte each. A file that is truncated, from another format
// version or pattern, or fails its checksum is never trusted: it is rebuilt
// and rewritten, and the note says why.
//
// The directory: $BRUDNO_CACHE_DIR, else $XDG_CACHE_HOME/brudno, else
// $HOME/.cache/brudno (or a directory named on the command line). It is
// made private to the user (a real directory only it can write) before a
// file is written there, each file made new (never through a link) and
// renamed into place; a note names a file, never its path.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/sliding_tile/pattern_database.hpp"

namespace brudno::games {

std::filesystem::path default_cache_directory();

// What getting the databases took: the build and the load apart, and a
// note for each file that was built or rebuilt. `progress`, where set, hears
// a line after each layer of a build (a build of the 7-8 pair takes a while).
struct PatternCacheReport {
  double build_seconds = 0;
  double load_seconds = 0;
  std::vector<std::string> notes;
  std::function<void(const std::string&)> progress;
};

// The file name of a pattern's database: pdb-4x4-1-2-3-4-5-6-7.bin.
std::string pattern_file_name(int width, int height, const std::vector<int>& tiles);

// The database from `directory`, built (with `threads`) and written there if
// it is missing or not to be trusted. A directory that cannot be written is
// reported in the notes; the database is still returned.
std::shared_ptr<const PatternDatabase> load_or_build_pattern(int width, int height,
                                                             const std::vector<int>& tiles,
                                                             const std::filesystem::path& directory,
                                                             int threads,
                                                             PatternCacheReport& report);

// The database in `file`, or why it cannot be used.
std::variant<PatternDatabase, std::string> read_pattern_file(const std::filesystem::path& file,
                                                             int width, int height,
                                                             const std::vector<int>& tiles);
// Writes the database to `file` (through a temporary file and a rename);
// a message if it could not.
std::optional<std::string> write_pattern_file(const std::filesystem::path& file,
                                              const PatternDatabase& database);

}  // namespace brudno::games
