// Large buffers that fault in 2 MiB at a time: a fresh 4 KiB page costs a fault each, and on
// some virtual machines a fault costs tens of microseconds (a 4 MiB chunk buffer was 1,024 of
// them). Transparent huge pages are asked for with madvise; where the kernel says no, the memory
// is ordinary.
#pragma once

#include <cstddef>
#include <memory>

namespace stagelight {

struct HugeFree {
    void operator()(char* p) const;
};
using HugeBuffer = std::unique_ptr<char[], HugeFree>;

// At least `bytes`, 2 MiB-aligned when `bytes` is large enough to gain from huge pages.
HugeBuffer allocateHuge(size_t bytes);

}  // namespace stagelight
