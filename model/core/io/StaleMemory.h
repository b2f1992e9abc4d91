// Marks the stale part of a reused buffer (a recycled chunk, a repaired or carried line) so
// that, under AddressSanitizer, any view still pointing into it is reported where it is read —
// a string_view outliving its line is then a test failure, not a silent wrong name. No-op in
// builds without ASan.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define STAGELIGHT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STAGELIGHT_ASAN 1
#endif
#endif

#ifdef STAGELIGHT_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace stagelight {

// Nothing may read [data, data + bytes) until markFresh is called on it.
inline void markStale([[maybe_unused]] const void* data, [[maybe_unused]] size_t bytes) {
#ifdef STAGELIGHT_ASAN
    if (data && bytes) ASAN_POISON_MEMORY_REGION(data, bytes);
#endif
}

// [data, data + bytes) is about to be written (and then read) again.
inline void markFresh([[maybe_unused]] const void* data, [[maybe_unused]] size_t bytes) {
#ifdef STAGELIGHT_ASAN
    if (data && bytes) ASAN_UNPOISON_MEMORY_REGION(data, bytes);
#endif
}

// Whether `p` is marked stale (always false without ASan).
inline bool isStale([[maybe_unused]] const void* p) {
#ifdef STAGELIGHT_ASAN
    return __asan_address_is_poisoned(p) != 0;
#else
    return false;
#endif
}

// True in builds where markStale is enforced (tests check that a stale read is caught).
constexpr bool staleMemoryIsChecked() {
#ifdef STAGELIGHT_ASAN
    return true;
#else
    return false;
#endif
}

}  // namespace stagelight
