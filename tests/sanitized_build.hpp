#pragma once
// Whether this test binary was built with a sanitizer, asked the same way of
// GCC (which defines __SANITIZE_*__) and clang (which answers __has_feature).
// Sanitizers reserve terabytes of address space for their shadow memory, so
// their builds cannot run the engine under a cap on it (the shell's ulimit
// -v), and they run several times slower, so the longest checks there run on
// smaller inputs.

#if defined(__SANITIZE_ADDRESS__)
#define BRUDNO_ADDRESS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BRUDNO_ADDRESS_SANITIZED 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define BRUDNO_THREAD_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BRUDNO_THREAD_SANITIZED 1
#endif
#endif

namespace brudno::test_build {

inline constexpr bool kThreadSanitized =
#ifdef BRUDNO_THREAD_SANITIZED
    true;
#else
    false;
#endif

// The debug preset's AddressSanitizer (with UndefinedBehaviorSanitizer).
inline constexpr bool kAddressSanitized =
#ifdef BRUDNO_ADDRESS_SANITIZED
    true;
#else
    false;
#endif

inline constexpr bool kSanitized = kAddressSanitized || kThreadSanitized;

}  // namespace brudno::test_build
