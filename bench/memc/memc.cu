// Memcached-like GET (after Memcached-GPU, Hetherington et al.): one thread
// per request hashes its key, walks the bucket's chain of items in global
// memory and compares variable-length keys byte by byte.

struct Item {
    unsigned next;    // index of the next item in the chain, or ~0u
    unsigned key_off; // key bytes in the key pool
    unsigned key_len;
    unsigned value;
};

#define MEMC_NIL 0xffffffffu
#define MEMC_MISS 0xffffffffu

extern "C" __global__ void memc_get(const unsigned *buckets, const Item *items,
                                    const unsigned char *key_pool, const unsigned *req_off,
                                    const unsigned *req_len, const unsigned char *req_keys,
                                    unsigned *out, int nreq, unsigned bucket_mask)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nreq)
        return;
    const unsigned char *key = req_keys + req_off[t];
    unsigned len = req_len[t];
    unsigned h = 2166136261u; // FNV-1a
    for (unsigned i = 0; i < len; i++)
        h = (h ^ key[i]) * 16777619u;
    unsigned result = MEMC_MISS;
    for (unsigned it = buckets[h & bucket_mask]; it != MEMC_NIL; it = items[it].next) {
        if (items[it].key_len != len)
            continue;
        const unsigned char *stored = key_pool + items[it].key_off;
        unsigned i = 0;
        while (i < len && stored[i] == key[i])
            i++;
        if (i == len) {
            result = items[it].value;
            break;
        }
    }
    out[t] = result;
}
