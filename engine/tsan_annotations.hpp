#pragma once
// Happens-before edges for ThreadSanitizer where a library it cannot see
// synchronises for us. Debian's oneTBB is not built with TSan, so the hand-off
// of a task to a worker thread, and the join in task_group::wait(), are
// invisible to it; without these edges every byte written before a spawn
// would be reported as a race. No code at all outside TSan builds.

#if defined(__SANITIZE_THREAD__)
#define BRUDNO_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BRUDNO_TSAN 1
#endif
#endif

#ifdef BRUDNO_TSAN
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace brudno::engine {

// Everything this thread wrote so far is visible to a thread that later calls
// happens_after() on the same address.
inline void happens_before([[maybe_unused]] void* address) {
#ifdef BRUDNO_TSAN
  __tsan_release(address);
#endif
}

inline void happens_after([[maybe_unused]] void* address) {
#ifdef BRUDNO_TSAN
  __tsan_acquire(address);
#endif
}

}  // namespace brudno::engine
