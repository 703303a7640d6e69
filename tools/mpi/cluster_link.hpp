#pragma once
// The messages between the ranks of a cluster that searches one position
// (brudno-mpi uci), carried on every rank by one thread of its own, the only
// one that calls MPI: rank 0's input lines to the other ranks' sessions, the
// other ranks' iteration reports to rank 0, and every rank's deep table
// entries to every other rank, in batches sent without waiting (MPI's
// non-blocking sends). No search thread ever waits for a message, and no
// rank for another, until the link is finished at the end of the session.

#include <atomic>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/request.hpp>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "tools/mpi/line_queue.hpp"
#include "tools/mpi/table_exchange.hpp"

namespace brudno::tools::mpi {

class ClusterLink {
 public:
  // Rank 0's reports from the other ranks, on the link's thread.
  using ReportHandler = std::function<void(int rank, std::string_view report)>;

  // Lines from rank 0 go into `received_lines` (closed at its end of input);
  // table entries go both ways through `exchange`.
  ClusterLink(const boost::mpi::communicator& world, TableExchange& exchange,
              LineQueue& received_lines, ReportHandler on_report);
  ~ClusterLink();
  ClusterLink(const ClusterLink&) = delete;
  ClusterLink& operator=(const ClusterLink&) = delete;

  // Rank 0: a line for the other ranks' sessions, and their end of input.
  void send_line(std::string_view line);
  void send_end_of_input();
  // Another rank: a report for rank 0.
  void send_report(std::string_view report);

  // The end of this rank's session: tells the others, and returns once every
  // other rank has said the same and every message of this one is delivered
  // (MPI may not be finalised with a send in flight).
  void finish();

  struct Traffic {
    std::uint64_t entry_batches = 0;  // messages of table entries sent, one per rank
    std::uint64_t entry_bytes = 0;    // their bytes
  };
  [[nodiscard]] Traffic traffic() const;

 private:
  enum class Kind : char { kLine = 'L', kEnd = 'E', kReport = 'R', kEntries = 'T', kDone = 'D' };
  struct Control {
    Kind kind;
    std::string payload;
    int destination;  // kEveryOther: every rank but this one
  };
  struct Sending {
    boost::mpi::request request;
    std::shared_ptr<const std::vector<char>> bytes;  // kept until the send completes
  };
  static constexpr int kEveryOther = -1;

  void post(Kind kind, std::string_view payload, int destination);
  void run();
  void send(Kind kind, std::string_view payload, int destination);
  void send_bytes(std::shared_ptr<const std::vector<char>> bytes, int destination);
  void send_table_entries();
  bool receive();
  void deliver(int source, const std::vector<char>& message);
  void complete_sends();

  boost::mpi::communicator world_;
  TableExchange& exchange_;
  LineQueue& received_lines_;
  ReportHandler on_report_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Control> control_;
  bool finishing_ = false;

  // The link thread's own.
  std::list<Sending> sending_;
  bool done_sent_ = false;
  int done_received_ = 0;
  std::atomic<std::uint64_t> entry_batches_{0};
  std::atomic<std::uint64_t> entry_bytes_{0};

  std::thread thread_;
};

}  // namespace brudno::tools::mpi
