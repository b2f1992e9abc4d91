#include <cstdio>
int runGui(int, char**) {
    std::puts("GUI not built");
    return 1;
}
