#include "tools/mpi/rank_io.hpp"

#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/serialization/string.hpp>
#include <iostream>

#include "tools/command_line.hpp"

namespace brudno::tools::mpi {

RankStreams::RankStreams(const boost::mpi::communicator& world)
    : printer_(world.rank() == 0), out_(&std::cout), err_(&std::cerr) {}

std::optional<std::string> read_on_rank_zero(const boost::mpi::communicator& world,
                                             const std::string& path, std::ostream& err) {
  std::string text;
  bool readable = false;
  if (world.rank() == 0) {
    if (auto in = open_input_file(path, err)) {
      std::ostringstream whole;
      whole << in->rdbuf();
      text = whole.str();
      readable = true;
    }
  }
  boost::mpi::broadcast(world, readable, 0);
  if (!readable) return std::nullopt;
  boost::mpi::broadcast(world, text, 0);
  return text;
}

bool open_output_on_rank_zero(const boost::mpi::communicator& world, const std::string& path,
                              std::ofstream& file, std::ostream& err) {
  bool writable = true;
  if (world.rank() == 0 && !path.empty()) {
    file.open(path);
    writable = static_cast<bool>(file);
    if (!writable) err << "brudno-mpi: cannot write " << path << '\n';
  }
  boost::mpi::broadcast(world, writable, 0);
  return writable;
}

}  // namespace brudno::tools::mpi
