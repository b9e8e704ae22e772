// Mark phase of a tracing garbage collector (after Barabash et al.'s
// parallel mark): the heap is an array of words, an object at word o being
//   heap[o] mark word, heap[o+1] reference count n, heap[o+2] payload words,
//   heap[o+3 .. o+3+n) references (word offsets of objects, or ~0u for null),
//   then the payload.
// Each launch takes one frontier of grey objects, one thread per object,
// chases its references and greys the unmarked children into the next
// frontier; the host relaunches until the frontier is empty.

#define GC_NULL 0xffffffffu

extern "C" __global__ void gc_mark(unsigned *heap, const unsigned *frontier, int n_frontier,
                                   unsigned *next, unsigned *n_next)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n_frontier)
        return;
    unsigned obj = frontier[t];
    unsigned nrefs = heap[obj + 1];
    for (unsigned i = 0; i < nrefs; i++) {
        unsigned child = heap[obj + 3 + i];
        // test before the atomic, as collectors do, to spare marked objects
        if (child != GC_NULL && heap[child] == 0 && atomicExch(&heap[child], 1u) == 0) {
            unsigned slot = atomicAdd(n_next, 1u);
            next[slot] = child;
        }
    }
}
