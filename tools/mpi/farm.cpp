#include "tools/mpi/farm.hpp"

#include <atomic>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/status.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "tools/mpi/checkpoint.hpp"

namespace brudno::tools::mpi {
namespace {

// Worker to rank 0: the item it finished (-1 on its first ask) and its result.
constexpr int kResultTag = 1;
// Rank 0 to a worker: the next item, or -1 when there is none.
constexpr int kItemTag = 2;

using Clock = std::chrono::steady_clock;

// The results in input order: each stored result releases the finished
// prefix to `deliver`, under one lock, so output streams as it completes.
class InOrder {
 public:
  InOrder(std::size_t count, const FarmDeliver& deliver, const FarmOptions& options)
      : results_(count), deliver_(deliver), options_(options), start_(Clock::now()) {}

  // A result the checkpoint already held: delivered, not appended again.
  void restore(std::size_t item, const std::string& result) { keep(item, result, false); }
  void store(std::size_t item, std::string result) { keep(item, std::move(result), true); }

 private:
  void keep(std::size_t item, std::string result, bool is_new) {
    const std::lock_guard lock(mutex_);
    if (is_new && options_.checkpoint != nullptr) options_.checkpoint->append(item, result);
    results_[item] = std::move(result);
    ++done_;
    while (next_ < results_.size() && results_[next_]) {
      deliver_(next_, *results_[next_]);
      results_[next_].reset();  // delivered: its memory goes back
      ++next_;
    }
    report_progress();
  }

  void report_progress() {
    if (!options_.progress) return;
    const auto now = Clock::now();
    const bool last = done_ == results_.size();
    if (!last && now - last_report_ < std::chrono::duration<double>(options_.progress_seconds)) {
      return;
    }
    last_report_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = static_cast<double>(done_) / std::max(seconds, 1e-9);
    const double left = static_cast<double>(results_.size() - done_) / std::max(rate, 1e-9);
    std::fprintf(stderr, "progress: %zu/%zu done, %.1f a second, %.0f s left\n", done_,
                 results_.size(), rate, left);
  }

  std::mutex mutex_;
  std::vector<std::optional<std::string>> results_;
  std::size_t next_ = 0;
  std::size_t done_ = 0;
  const FarmDeliver& deliver_;
  const FarmOptions& options_;
  Clock::time_point start_;
  Clock::time_point last_report_{};
};

// The items still to do, taken once each by rank 0's own work and its
// coordinator.
class Pending {
 public:
  explicit Pending(std::vector<std::size_t> items) : items_(std::move(items)) {}
  std::optional<std::size_t> take() {
    const std::size_t at = cursor_.fetch_add(1);
    if (at >= items_.size()) return std::nullopt;
    return items_[at];
  }

 private:
  const std::vector<std::size_t> items_;
  std::atomic<std::size_t> cursor_{0};
};

// Rank 0's coordinator: answers every worker's ask with the next item until
// none is left and every worker has been told so.
void coordinate(const boost::mpi::communicator& world, Pending& pending, InOrder& results) {
  int working = world.size() - 1;
  while (working > 0) {
    // Open MPI's blocking receive spins a core; the coordinator shares one
    // with rank 0's own work, so it polls and sleeps instead.
    if (!world.iprobe(boost::mpi::any_source, kResultTag)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    std::pair<long long, std::string> finished;
    const auto status = world.recv(boost::mpi::any_source, kResultTag, finished);
    if (finished.first >= 0) {
      results.store(static_cast<std::size_t>(finished.first), std::move(finished.second));
    }
    const auto item = pending.take();
    const long long handed = item ? static_cast<long long>(*item) : -1;
    world.send(status.source(), kItemTag, handed);
    if (handed < 0) --working;
  }
}

void serve_as_worker(const boost::mpi::communicator& world, const FarmWork& work) {
  std::pair<long long, std::string> finished{-1, {}};
  for (;;) {
    world.send(0, kResultTag, finished);
    long long item = -1;
    world.recv(0, kItemTag, item);
    if (item < 0) return;
    finished = {item, work(static_cast<std::size_t>(item))};
  }
}

}  // namespace

void farm(const boost::mpi::communicator& world, std::size_t count, const FarmWork& work,
          const FarmDeliver& deliver, const FarmOptions& options) {
  if (world.rank() != 0) return serve_as_worker(world, work);
  InOrder results(count, deliver, options);
  std::vector<std::size_t> items;
  for (std::size_t item = 0; item < count; ++item) {
    if (options.checkpoint != nullptr && options.checkpoint->finished().contains(item)) {
      results.restore(item, options.checkpoint->finished().at(item));
    } else {
      items.push_back(item);
    }
  }
  Pending pending(std::move(items));
  const auto work_here = [&] {
    while (const auto item = pending.take()) results.store(*item, work(*item));
  };
  if (world.size() == 1) return work_here();
  if (!options.coordinator_works) return coordinate(world, pending, results);
  // MPI calls come from the coordinator's thread alone (MPI_THREAD_SERIALIZED).
  std::thread coordinator([&] { coordinate(world, pending, results); });
  work_here();
  coordinator.join();
}

bool open_farm_checkpoint(const boost::mpi::communicator& world, FarmOptions& options,
                          std::optional<Checkpoint>& storage, std::size_t count,
                          std::ostream& err) {
  if (options.checkpoint_path.empty()) return true;
  bool opened = true;
  if (world.rank() == 0) {
    std::string error;
    storage = Checkpoint::open(options.checkpoint_path, options.job, count, error);
    opened = storage.has_value();
    if (opened) {
      options.checkpoint = &*storage;
      if (!storage->finished().empty()) {
        err << "checkpoint: " << storage->finished().size() << " of " << count << " results from "
            << options.checkpoint_path << '\n';
      }
    } else {
      err << "brudno-mpi: " << error << '\n';
    }
  }
  boost::mpi::broadcast(world, opened, 0);
  return opened;
}

}  // namespace brudno::tools::mpi
