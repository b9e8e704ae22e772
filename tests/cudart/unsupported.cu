// A call ccgpu's runtime does not implement: one line naming it, and
// cudaErrorNotSupported.
#include <cstdio>
int main()
{
    cudaGraph_t g;
    cudaError_t e = cudaGraphCreate(&g, 0);
    printf("%s\n", cudaGetErrorName(e));
    return e == cudaErrorNotSupported ? 0 : 1;
}
