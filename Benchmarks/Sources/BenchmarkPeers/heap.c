// The heap trimmed before a memory probe; see benchmark_peers.h.
#include "benchmark_peers.h"

#include <malloc.h>

int32_t benchmark_peers_trim_heap(void) { return malloc_trim(0); }
