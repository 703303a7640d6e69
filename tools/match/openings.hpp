#pragma once
// Opening positions from an EPD file (one position a line, as
// 2moves_v1.epd), each checked by the chess rules when read, or the 960
// start positions of Chess960, and the order in which a match takes them:
// from an offset in the file's (or the numbering's) order, or shuffled by a
// seed, so that a run can be repeated exactly.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace brudno::tools::match {

struct Opening {
  int line = 0;     // in the file, 1-based; a Chess960 start position's number (0-959)
  std::string fen;  // full FEN: counters "0 1" added where the EPD line has none
};

class OpeningError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every position of the file; throws OpeningError naming the file, the line
// and the fault when a line is not a legal position.
// In Chess960 mode the castling fields are read as Chess960's.
std::vector<Opening> read_openings(const std::string& path, bool chess960 = false);

// The 960 start positions of Chess960 in their standard numbering, each
// with its number as its line.
std::vector<Opening> chess960_openings();

// One EPD line (its operations after the four position fields are dropped)
// as a full FEN, or empty with `error` set.
std::string epd_to_fen(const std::string& line, std::string& error, bool chess960 = false);

enum class OpeningOrder { kSequential, kRandom };

// The indices of `count` openings out of `available`: sequential from `start`
// (0-based, wrapping round), or a Fisher-Yates shuffle with std::mt19937_64
// seeded by `seed`, then from `start`. Wraps when more are asked than there are.
std::vector<std::size_t> choose_openings(std::size_t available, std::size_t count,
                                         OpeningOrder order, std::uint64_t seed, std::size_t start);

}  // namespace brudno::tools::match
