#include "tools/mpi/cluster_sinks.hpp"

#include <string>

namespace brudno::tools::mpi {

VotingSink::VotingSink(protocol::LineSink& client, ClusterLink& link, const TableExchange& exchange,
                       int ranks)
    : client_(client), link_(link), exchange_(exchange), latest_(static_cast<std::size_t>(ranks)) {}

void VotingSink::write_line(std::string_view line) {
  std::lock_guard lock(mutex_);
  if (line.starts_with("bestmove")) return play_best_move(line);
  if (auto report = parse_iteration(line, searches_, 0)) latest_[0] = std::move(report);
  client_.write_line(line);
}

void VotingSink::add_report(int rank, std::string_view text) {
  auto report = decode(text, rank);
  if (!report || rank <= 0 || static_cast<std::size_t>(rank) >= latest_.size()) return;
  std::lock_guard lock(mutex_);
  auto& latest = latest_[static_cast<std::size_t>(rank)];
  // A late report of an earlier search never hides one of a later.
  if (!latest || latest->search <= report->search) latest = std::move(report);
}

void VotingSink::play_best_move(std::string_view own_bestmove) {
  const std::uint64_t search = searches_++;
  // Rank 0's search is over, so is the cluster's: its `stop` reaches the
  // others before any later command, so it ends this search, not the next.
  link_.send_line("stop");
  std::vector<IterationReport> reports;
  std::uint64_t nodes = 0;
  for (const auto& latest : latest_) {
    if (!latest || latest->search != search) continue;
    reports.push_back(*latest);
    nodes += latest->nodes;
  }
  const bool searched_here = latest_[0] && latest_[0]->search == search;
  const IterationReport* chosen = choose(reports);
  if (latest_.size() > 1) client_.write_line(summary(reports.size(), chosen, nodes));
  // A search rank 0 did not make (a refused `go`, no legal move) keeps its reply.
  if (!searched_here || chosen == nullptr || chosen->rank == 0) {
    return client_.write_line(own_bestmove);
  }
  client_.write_line(info_line(*chosen));
  std::string bestmove = "bestmove " + chosen->pv[0];
  if (chosen->pv.size() > 1) bestmove += " ponder " + chosen->pv[1];
  client_.write_line(bestmove);
}

std::string VotingSink::summary(std::size_t reported, const IterationReport* chosen,
                                std::uint64_t nodes) const {
  const auto counts = exchange_.counts();
  const auto traffic = link_.traffic();
  std::string text = "info string cluster of " + std::to_string(latest_.size()) +
                     " ranks: " + std::to_string(reported) + " reported,";
  if (chosen != nullptr) {
    text += " move from rank " + std::to_string(chosen->rank) + " at depth " +
            std::to_string(chosen->depth) + ", nodes " + std::to_string(nodes) + ",";
  }
  return text + " table entries offered " + std::to_string(counts.offered) + " received " +
         std::to_string(counts.received) + " stored " + std::to_string(counts.stored) +
         " dropped " + std::to_string(counts.dropped) + ", entry bytes sent " +
         std::to_string(traffic.entry_bytes) + " in " + std::to_string(traffic.entry_batches) +
         " messages";
}

void ReportingSink::write_line(std::string_view line) {
  std::lock_guard lock(mutex_);
  if (line.starts_with("bestmove")) {
    ++searches_;
  } else if (const auto report = parse_iteration(line, searches_, rank_)) {
    link_.send_report(encode(*report));
  }
}

}  // namespace brudno::tools::mpi
