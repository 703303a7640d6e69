#include "tools/mpi/cluster_link.hpp"

#include <boost/mpi/status.hpp>
#include <chrono>
#include <cstring>

namespace brudno::tools::mpi {
namespace {

// Every message of the link has this tag and starts with its Kind: messages
// from one rank with one tag arrive in the order they were sent, so a rank's
// last message (kDone) comes after all its others.
constexpr int kClusterTag = 77;

// How often the table entries gathered since the last batch are sent. More
// often costs messages; less often, entries that arrive after the others
// have searched past them.
constexpr auto kEntryBatchInterval = std::chrono::milliseconds(5);
// Sends still in flight beyond which new entries are not sent: a slow
// network loses entries rather than piling up memory.
constexpr std::size_t kMaxSendsInFlight = 256;
// How long the link sleeps when nothing happened; a line posted wakes it.
constexpr auto kIdleWait = std::chrono::milliseconds(1);

// A table entry on the wire: 16 bytes, the same on every rank (the ranks of
// one job run the same binary on the same architecture).
struct WireEntry {
  std::uint64_t key;
  std::int32_t score;
  std::uint16_t move;
  std::uint8_t depth;
  std::uint8_t flags;  // bound (2 bits) | has move << 2
};
static_assert(sizeof(WireEntry) == 16);

WireEntry to_wire(const SharedEntry& shared) {
  const auto& entry = shared.entry;
  return {shared.key, entry.score, entry.move.value_or(0), static_cast<std::uint8_t>(entry.depth),
          static_cast<std::uint8_t>(static_cast<unsigned>(entry.bound) |
                                    (entry.move.has_value() ? 4U : 0U))};
}

SharedEntry from_wire(const WireEntry& wire) {
  SharedEntry shared;
  shared.key = wire.key;
  shared.entry.score = wire.score;
  shared.entry.depth = wire.depth;
  shared.entry.bound = static_cast<engine::Bound>(wire.flags & 3);
  if ((wire.flags & 4) != 0) shared.entry.move = wire.move;
  return shared;
}

}  // namespace

ClusterLink::ClusterLink(const boost::mpi::communicator& world, TableExchange& exchange,
                         LineQueue& received_lines, ReportHandler on_report)
    : world_(world),
      exchange_(exchange),
      received_lines_(received_lines),
      on_report_(std::move(on_report)),
      thread_([this] { run(); }) {}

ClusterLink::~ClusterLink() {
  finish();
}

void ClusterLink::send_line(std::string_view line) {
  post(Kind::kLine, line, kEveryOther);
}

void ClusterLink::send_end_of_input() {
  post(Kind::kEnd, {}, kEveryOther);
}

void ClusterLink::send_report(std::string_view report) {
  post(Kind::kReport, report, 0);
}

void ClusterLink::post(Kind kind, std::string_view payload, int destination) {
  {
    std::lock_guard lock(mutex_);
    control_.push_back({kind, std::string(payload), destination});
  }
  wake_.notify_one();
}

void ClusterLink::finish() {
  {
    std::lock_guard lock(mutex_);
    finishing_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

ClusterLink::Traffic ClusterLink::traffic() const {
  return {entry_batches_.load(std::memory_order_relaxed),
          entry_bytes_.load(std::memory_order_relaxed)};
}

void ClusterLink::run() {
  auto last_batch = std::chrono::steady_clock::now();
  while (true) {
    std::deque<Control> control;
    bool finishing = false;
    {
      std::lock_guard lock(mutex_);
      control.swap(control_);
      finishing = finishing_;
    }
    bool busy = !control.empty();
    for (const auto& message : control) send(message.kind, message.payload, message.destination);
    if (!done_sent_) {
      // kDone goes after everything posted before finish(), which is all in
      // `control` now, and after the last table entries.
      const auto now = std::chrono::steady_clock::now();
      if (finishing || now - last_batch >= kEntryBatchInterval) {
        send_table_entries();
        last_batch = now;
      }
      if (finishing) {
        send(Kind::kDone, {}, kEveryOther);
        done_sent_ = true;
      }
    }
    busy = receive() || busy;
    complete_sends();
    if (done_sent_ && done_received_ == world_.size() - 1 && sending_.empty()) return;
    if (!busy) {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, kIdleWait, [&] { return !control_.empty() || finishing_ != finishing; });
    }
  }
}

void ClusterLink::send(Kind kind, std::string_view payload, int destination) {
  auto bytes = std::make_shared<std::vector<char>>();
  bytes->reserve(payload.size() + 1);
  bytes->push_back(static_cast<char>(kind));
  bytes->insert(bytes->end(), payload.begin(), payload.end());
  send_bytes(std::move(bytes), destination);
}

void ClusterLink::send_bytes(std::shared_ptr<const std::vector<char>> bytes, int destination) {
  for (int rank = 0; rank < world_.size(); ++rank) {
    if (rank == world_.rank() || (destination != kEveryOther && rank != destination)) continue;
    auto request = world_.isend(rank, kClusterTag, bytes->data(), static_cast<int>(bytes->size()));
    sending_.push_back({std::move(request), bytes});
  }
}

void ClusterLink::send_table_entries() {
  const auto batch = exchange_.take_outgoing();
  if (batch.entries.empty() || world_.size() < 2) return;
  if (sending_.size() > kMaxSendsInFlight) return;  // dropped: see kMaxSendsInFlight
  // The kind, the epoch, the entries.
  constexpr std::size_t kHeader = 1 + sizeof batch.epoch;
  auto bytes =
      std::make_shared<std::vector<char>>(kHeader + batch.entries.size() * sizeof(WireEntry));
  (*bytes)[0] = static_cast<char>(Kind::kEntries);
  std::memcpy(bytes->data() + 1, &batch.epoch, sizeof batch.epoch);
  for (std::size_t i = 0; i < batch.entries.size(); ++i) {
    const WireEntry wire = to_wire(batch.entries[i]);
    std::memcpy(bytes->data() + kHeader + i * sizeof(WireEntry), &wire, sizeof wire);
  }
  const auto others = static_cast<std::uint64_t>(world_.size() - 1);
  entry_batches_.fetch_add(others, std::memory_order_relaxed);
  entry_bytes_.fetch_add(others * bytes->size(), std::memory_order_relaxed);
  send_bytes(std::move(bytes), kEveryOther);
}

bool ClusterLink::receive() {
  bool received = false;
  while (const auto status = world_.iprobe(boost::mpi::any_source, kClusterTag)) {
    const int size = status->count<char>().value_or(0);
    std::vector<char> message(static_cast<std::size_t>(size));
    world_.recv(status->source(), kClusterTag, message.data(), size);
    deliver(status->source(), message);
    received = true;
  }
  return received;
}

void ClusterLink::deliver(int source, const std::vector<char>& message) {
  if (message.empty()) return;
  const std::string_view payload(message.data() + 1, message.size() - 1);
  switch (static_cast<Kind>(message[0])) {
    case Kind::kLine:
      received_lines_.push(std::string(payload));
      break;
    case Kind::kEnd:
      received_lines_.close();
      break;
    case Kind::kReport:
      if (on_report_) on_report_(source, payload);
      break;
    case Kind::kEntries: {
      std::uint32_t epoch = 0;
      if (payload.size() < sizeof epoch) break;
      std::memcpy(&epoch, payload.data(), sizeof epoch);
      const std::string_view packed = payload.substr(sizeof epoch);
      std::vector<SharedEntry> entries(packed.size() / sizeof(WireEntry));
      for (std::size_t i = 0; i < entries.size(); ++i) {
        WireEntry wire;
        std::memcpy(&wire, packed.data() + i * sizeof(WireEntry), sizeof wire);
        entries[i] = from_wire(wire);
      }
      exchange_.add_incoming(epoch, entries);
      break;
    }
    case Kind::kDone:
      ++done_received_;
      break;
  }
}

void ClusterLink::complete_sends() {
  for (auto it = sending_.begin(); it != sending_.end();) {
    it = it->request.test() ? sending_.erase(it) : std::next(it);
  }
}

}  // namespace brudno::tools::mpi
