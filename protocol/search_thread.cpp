#include "protocol/search_thread.hpp"

#include <atomic>
#include <exception>
#include <system_error>
#include <utility>

#include "protocol/logging.hpp"

namespace brudno::protocol {

namespace {
std::atomic<long> threads_made_count{0};
}  // namespace

SearchThread::~SearchThread() {
  {
    const std::lock_guard lock(mutex_);
    if (!started_) return;
    quit_ = true;
  }
  changed_.notify_all();
  pthread_join(thread_, nullptr);
}

void SearchThread::start(std::function<void()> body) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
  if (!started_) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, kStackBytes);
    const int failed = pthread_create(&thread_, &attributes, &SearchThread::run, this);
    pthread_attr_destroy(&attributes);
    if (failed != 0) throw std::system_error(failed, std::generic_category(), "search thread");
    started_ = true;
    threads_made_count.fetch_add(1, std::memory_order_relaxed);
  }
  body_ = std::move(body);
  busy_ = true;
  lock.unlock();
  changed_.notify_all();
}

void SearchThread::join() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
}

long SearchThread::threads_made() {
  return threads_made_count.load(std::memory_order_relaxed);
}

void* SearchThread::run(void* self) {
  static_cast<SearchThread*>(self)->serve();
  return nullptr;
}

void SearchThread::serve() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [this] { return quit_ || busy_; });
    if (busy_) {
      auto body = std::move(body_);
      body_ = nullptr;
      lock.unlock();
      try {
        body();
      } catch (const std::exception& failure) {
        log_error("search thread: ", failure.what());
      } catch (...) {
        log_error("search thread: an unknown exception");
      }
      // The job's captures are released before the job counts as done.
      body = nullptr;
      lock.lock();
      busy_ = false;
      changed_.notify_all();
    } else {
      return;  // quit_, with no job left
    }
  }
}

}  // namespace brudno::protocol
