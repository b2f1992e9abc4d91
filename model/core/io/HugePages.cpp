#include "io/HugePages.h"

#include <sys/mman.h>

#include <cstdlib>
#include <new>

namespace stagelight {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
}

void HugeFree::operator()(char* p) const {
    std::free(p);
}

HugeBuffer allocateHuge(size_t bytes) {
    if (bytes < kHugePage) {
        void* p = std::malloc(bytes ? bytes : 1);
        if (!p) throw std::bad_alloc();
        return HugeBuffer(static_cast<char*>(p));
    }
    const size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, rounded);
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    madvise(p, rounded, MADV_HUGEPAGE);  // a hint: refused, the pages are ordinary
#endif
    return HugeBuffer(static_cast<char*>(p));
}

}  // namespace stagelight
