// Inverted-index lookup: one thread per query intersects the sorted posting
// lists of the query's terms (walking the shortest list and advancing a
// cursor in each other list), and returns the number of matching documents
// and a hash of their ids in order.

#define INVIDX_MAX_TERMS 4

extern "C" __global__ void invidx_query(const unsigned *list_off, const unsigned *list_len,
                                        const unsigned *postings, const unsigned *query_off,
                                        const unsigned *query_terms, unsigned *out_count,
                                        unsigned *out_hash, int nqueries)
{
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= nqueries)
        return;
    unsigned first = query_off[q], nterms = query_off[q + 1] - first;
    unsigned begin[INVIDX_MAX_TERMS], end[INVIDX_MAX_TERMS];
    unsigned shortest = 0;
    for (unsigned k = 0; k < nterms; k++) {
        unsigned term = query_terms[first + k];
        begin[k] = list_off[term];
        end[k] = begin[k] + list_len[term];
        if (end[k] - begin[k] < end[shortest] - begin[shortest])
            shortest = k;
    }
    unsigned count = 0, hash = 0;
    for (unsigned i = begin[shortest]; i < end[shortest]; i++) {
        unsigned doc = postings[i];
        bool all = true;
        for (unsigned k = 0; k < nterms && all; k++) {
            if (k == shortest)
                continue;
            while (begin[k] < end[k] && postings[begin[k]] < doc)
                begin[k]++;
            all = begin[k] < end[k] && postings[begin[k]] == doc;
        }
        if (all) {
            count++;
            hash = hash * 31u + doc;
        }
    }
    out_count[q] = count;
    out_hash[q] = hash;
}
