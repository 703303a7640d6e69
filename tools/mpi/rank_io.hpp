#pragma once
// The input and output of a farmed command: rank 0 reads the file and
// prints, the other ranks get the file's text from it and print nothing.

#include <boost/mpi/communicator.hpp>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

namespace brudno::tools::mpi {

// Standard output and error on rank 0; a sink elsewhere, so that every rank
// can run the same argument checks and only rank 0 says what they found.
class RankStreams {
 public:
  explicit RankStreams(const boost::mpi::communicator& world);
  [[nodiscard]] bool printer() const { return printer_; }
  std::ostream& out() { return printer_ ? *out_ : quiet_; }
  std::ostream& err() { return printer_ ? *err_ : quiet_; }

 private:
  bool printer_;
  std::ostream* out_;
  std::ostream* err_;
  std::ostringstream quiet_;
};

// The whole text of `path`, read by rank 0 and sent to every rank: the other
// ranks need no access to it. nullopt on every rank when rank 0 cannot read
// it (said on rank 0's `err`).
std::optional<std::string> read_on_rank_zero(const boost::mpi::communicator& world,
                                             const std::string& path, std::ostream& err);

// Rank 0 opens `path` for writing into `file` (an empty path: nothing to
// open); every rank learns whether it could, so that none waits for a farm
// that will not run. False on every rank (said on rank 0's `err`) when it
// cannot.
bool open_output_on_rank_zero(const boost::mpi::communicator& world, const std::string& path,
                              std::ofstream& file, std::ostream& err);

}  // namespace brudno::tools::mpi
