#pragma once
// Whether this test binary was built with a sanitizer. Sanitizers reserve
// terabytes of address space for their shadow memory, so their builds cannot
// run the engine under a cap on it (the shell's ulimit -v).

namespace brudno::testing {

inline constexpr bool kSanitized =
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    true;
#else
    false;
#endif

// ThreadSanitizer's builds: every memory write is checked, so a test that
// writes gigabytes takes minutes there.
inline constexpr bool kThreadSanitized =
#if defined(__SANITIZE_THREAD__)
    true;
#else
    false;
#endif

}  // namespace brudno::testing
