#include "tools/mpi/farm.hpp"

#include <atomic>
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

  void store(std::size_t item, std::string result) {
    const std::lock_guard lock(mutex_);
    results_[item] = std::move(result);
    ++done_;
    while (next_ < results_.size() && results_[next_]) {
      deliver_(next_, *results_[next_]);
      results_[next_].reset();  // delivered: its memory goes back
      ++next_;
    }
    report_progress();
  }

 private:
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

// Rank 0's coordinator: answers every worker's ask with the next item until
// none is left and every worker has been told so.
void coordinate(const boost::mpi::communicator& world, std::atomic<std::size_t>& next,
                std::size_t count, InOrder& results) {
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
    const std::size_t item = next.fetch_add(1);
    const long long handed = item < count ? static_cast<long long>(item) : -1;
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
  std::atomic<std::size_t> next{0};
  if (world.size() == 1) {
    for (std::size_t item = 0; item < count; ++item) results.store(item, work(item));
    return;
  }
  if (!options.coordinator_works) return coordinate(world, next, count, results);
  // MPI calls come from the coordinator's thread alone (MPI_THREAD_SERIALIZED).
  std::thread coordinator([&] { coordinate(world, next, count, results); });
  for (std::size_t item = next.fetch_add(1); item < count; item = next.fetch_add(1)) {
    results.store(item, work(item));
  }
  coordinator.join();
}

}  // namespace brudno::tools::mpi
