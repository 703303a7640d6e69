#include "tools/mpi/cluster_uci.hpp"

#include <atomic>
#include <boost/program_options.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <thread>

#include "protocol/line_sink.hpp"
#include "protocol/stdin_loop.hpp"
#include "tools/command_line.hpp"
#include "tools/mpi/cluster_link.hpp"
#include "tools/mpi/cluster_sinks.hpp"
#include "tools/mpi/line_queue.hpp"
#include "tools/mpi/rank_io.hpp"
#include "tools/mpi/table_exchange.hpp"

namespace brudno::tools::mpi {
namespace {

namespace po = boost::program_options;

// Entries this deep or deeper are shared. Shallower ones are many (the
// number of entries grows about threefold a ply) and each saves little: a
// rank searches them again faster than the message would arrive. At 8 a
// rank sends a few hundred entries a second at the start of a search,
// fewer later (docs/cluster.md).
constexpr int kDefaultShareDepth = 8;

constexpr const char* kClusterUsage =
    "Usage: mpirun -np N brudno-mpi uci [--share-depth D]\n"
    "Searches one position on every rank of the job: rank 0 speaks UCI on\n"
    "standard input and output as brudno does, and every command reaches every\n"
    "rank, so each searches the same position with its own threads (the Threads\n"
    "option) and table (Hash). Table entries at least D plies deep go to the\n"
    "other ranks as they are stored; the move played is that of the deepest\n"
    "iteration any rank finished, and an `info string cluster` line before each\n"
    "bestmove says which rank's it is and what the ranks exchanged";

std::optional<int> read_arguments(const Arguments& args, int& share_depth, std::ostream& out,
                                  std::ostream& err) {
  po::options_description description(kClusterUsage);
  description.add_options()("help,h", "show this help")(
      "share-depth", po::value(&share_depth)->default_value(kDefaultShareDepth),
      "the least depth of a shared table entry, 1 to 255");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "uci", description, vm, out, err)) {
    return *status;
  }
  if (share_depth < 1 || share_depth > 255) {
    err << "brudno-mpi: --share-depth must be 1 to 255, not " << share_depth << '\n';
    return 2;
  }
  return std::nullopt;
}

// Rank 0's standard input, read on a thread of its own so that the session
// takes lines as it does on brudno's stdin. The thread is left blocked in its
// read when the session quits first; it owns what it touches.
std::shared_ptr<LineQueue> read_standard_input() {
  auto lines = std::make_shared<LineQueue>();
  std::thread([lines] {
    std::string line;
    while (std::getline(std::cin, line)) lines->push(line);
    lines->close();
  }).detach();
  return lines;
}

int run_rank_zero(const boost::mpi::communicator& world, TableExchange& exchange,
                  protocol::SessionLimits limits) {
  LineQueue unused;  // rank 0 receives no lines
  // The sink needs the link, and the link's thread the sink: set once both exist.
  std::atomic<VotingSink*> voting{nullptr};
  ClusterLink link(world, exchange, unused, [&voting](int rank, std::string_view report) {
    if (auto* sink = voting.load(std::memory_order_acquire)) sink->add_report(rank, report);
  });
  protocol::StreamSink client(std::cout);
  VotingSink sink(client, link, exchange, world.size());
  voting.store(&sink, std::memory_order_release);
  const auto input = read_standard_input();
  // Each line goes to the other ranks as rank 0's session reads it (on the
  // loop's thread, or on its reader's helper while lines wait for a job; see
  // protocol::LineReader): a `stop` reaches them at once, and every rank
  // sees the same commands in the same order.
  const auto next_line = [&](std::string& line) {
    if (!input->pop(line)) {
      link.send_end_of_input();
      return false;
    }
    link.send_line(line);
    return true;
  };
  const int status = protocol::run_uci_loop(next_line, sink, std::move(limits));
  // `quit` stops the other ranks' loops as it stops this one; at the end of
  // input they have had theirs.
  link.finish();
  return status;
}

int run_other_rank(const boost::mpi::communicator& world, TableExchange& exchange,
                   protocol::SessionLimits limits) {
  LineQueue lines;
  ClusterLink link(world, exchange, lines, {});
  ReportingSink sink(link, world.rank());
  const int status = protocol::run_uci_loop([&lines](std::string& line) { return lines.pop(line); },
                                            sink, std::move(limits));
  link.finish();
  return status;
}

}  // namespace

int run_cluster_uci(const boost::mpi::communicator& world, const Arguments& args) {
  RankStreams streams(world);
  int share_depth = kDefaultShareDepth;
  if (const auto status = read_arguments(args, share_depth, streams.out(), streams.err())) {
    return *status;
  }
  TableExchange exchange(share_depth);
  protocol::SessionLimits limits;
  // Alone, a rank has nothing to share.
  if (world.size() > 1) limits.table_observer = &exchange;
  limits.cluster_rank = world.rank();
  return world.rank() == 0 ? run_rank_zero(world, exchange, std::move(limits))
                           : run_other_rank(world, exchange, std::move(limits));
}

}  // namespace brudno::tools::mpi
