#pragma once
// Where the sessions of a cluster's ranks write (brudno-mpi uci). Rank 0's
// lines go to the client as its session wrote them, but for the bestmove,
// which is the cluster's: the other ranks are told to stop, and the move of
// the deepest iteration any rank finished in this search is played. The
// other ranks print nothing: each iteration's result goes to rank 0 as a
// report.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "protocol/line_sink.hpp"
#include "tools/mpi/cluster_link.hpp"
#include "tools/mpi/iteration_report.hpp"
#include "tools/mpi/table_exchange.hpp"

namespace brudno::tools::mpi {

class VotingSink final : public protocol::LineSink {
 public:
  VotingSink(protocol::LineSink& client, ClusterLink& link, const TableExchange& exchange,
             int ranks);
  void write_line(std::string_view line) override;
  // Another rank's report (on the link's thread).
  void add_report(int rank, std::string_view text);

 private:
  void play_best_move(std::string_view own_bestmove);
  // The `info string cluster` line: how many ranks reported this search,
  // whose move is played, their nodes, and the table exchange's counts.
  [[nodiscard]] std::string summary(std::size_t reported, const IterationReport* chosen,
                                    std::uint64_t nodes) const;

  protocol::LineSink& client_;
  ClusterLink& link_;
  const TableExchange& exchange_;
  std::mutex mutex_;
  std::uint64_t searches_ = 0;  // bestmoves written so far
  // Each rank's latest report, rank 0's own among them.
  std::vector<std::optional<IterationReport>> latest_;
};

class ReportingSink final : public protocol::LineSink {
 public:
  ReportingSink(ClusterLink& link, int rank) : link_(link), rank_(rank) {}
  void write_line(std::string_view line) override;

 private:
  ClusterLink& link_;
  const int rank_;
  std::mutex mutex_;
  std::uint64_t searches_ = 0;
};

}  // namespace brudno::tools::mpi
