// Breadth-first search, one thread per node, frontier iteration in two
// kernels (the Rodinia shape studied by CCWS, Example 1): the host relaunches
// both until no node was updated. Nodes are (first_edge, degree) pairs and
// each thread walks its node's edges sequentially through memory.

struct Node {
    int first_edge;
    int degree;
};

// Expands the frontier: every node in it visits its unvisited neighbours.
extern "C" __global__ void bfs_expand(const Node *nodes, const int *edges, char *frontier,
                                      char *updating, const char *visited, int *level,
                                      int num_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < num_nodes && frontier[tid]) {
        frontier[tid] = 0;
        // Rodinia's loop text: the bound is read from nodes[tid] on every
        // iteration (the stores below may alias it, so the compiler reloads
        // it), and level[tid] too -- re-references of the thread's own lines
        // between its edge loads (the intra-thread locality CCWS studies).
        for (int i = nodes[tid].first_edge; i < nodes[tid].degree + nodes[tid].first_edge; i++) {
            int id = edges[i];
            if (!visited[id]) {
                level[id] = level[tid] + 1;
                updating[id] = 1;
            }
        }
    }
}

// Moves the nodes reached in this step into the next frontier.
extern "C" __global__ void bfs_update(char *frontier, char *updating, char *visited,
                                      int *changed, int num_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < num_nodes && updating[tid]) {
        frontier[tid] = 1;
        visited[tid] = 1;
        *changed = 1;
        updating[tid] = 0;
    }
}
