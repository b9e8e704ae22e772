// Open-addressing hash table lookups with linear probing: one thread per
// query key hashes it (multiplicative hashing: the top `bits` bits of
// key * 2654435761), then reads slots h, h+1, ... (wrapping) until it finds
// the key or an empty slot, and writes the key's value or -1. A slot is two
// words, key then value, so the probes of one thread walk consecutive words
// of one or two lines, while the lanes of a warp gather from random slots.
// The host keeps the table less than full (load factor about 0.7), so every
// probe sequence reaches an empty slot.
#define HP_EMPTY 0xffffffffu
#define HP_MULT 2654435761u

extern "C" __global__ void hashprobe(const unsigned *slots, const unsigned *queries, int *values,
                                     unsigned nqueries, unsigned bits)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nqueries) {
        unsigned key = queries[i];
        unsigned mask = (1u << bits) - 1u;
        unsigned h = (key * HP_MULT) >> (32u - bits);
        int value = -1;
        for (;;) {
            unsigned k = slots[2 * h];
            if (k == key) {
                value = (int)slots[2 * h + 1];
                break;
            }
            if (k == HP_EMPTY)
                break;
            h = (h + 1u) & mask;
        }
        values[i] = value;
    }
}
