#include "protocol/search_thread.hpp"

#include <exception>
#include <system_error>

#include "protocol/logging.hpp"

namespace brudno::protocol {

void SearchThread::start(std::function<void()> body) {
  join();
  body_ = std::move(body);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kStackBytes);
  const int failed = pthread_create(&thread_, &attributes, &SearchThread::run, this);
  pthread_attr_destroy(&attributes);
  if (failed != 0) throw std::system_error(failed, std::generic_category(), "search thread");
  running_ = true;
}

void SearchThread::join() {
  if (!running_) return;
  pthread_join(thread_, nullptr);
  running_ = false;
}

void* SearchThread::run(void* self) {
  try {
    static_cast<SearchThread*>(self)->body_();
  } catch (const std::exception& failure) {
    log_error("search thread: ", failure.what());
  } catch (...) {
    log_error("search thread: an unknown exception");
  }
  return nullptr;
}

}  // namespace brudno::protocol
