// Kernel parameters of every shape: a struct by value, small integer types,
// double, a pointer after a char (alignment); launched by chevrons and by an
// explicit cudaLaunchKernel with the host stub's address.
#include <cstdio>

struct Box {
    double lo, hi;
    int n;
    char tag;
};

__global__ void fill(Box b, char c, short s, double d, float *out, unsigned long long big)
{
    int i = threadIdx.x;
    if (i < b.n)
        out[i] = (float)(b.lo + (b.hi - b.lo) * i / b.n) + c + s + (float)d + (float)(big >> 40) + b.tag;
}

int main()
{
    Box b = {1.0, 3.0, 64, 2};
    float *d, h[64];
    cudaMalloc(&d, sizeof h);
    unsigned long long big = 5ull << 40;
    fill<<<1, 64>>>(b, 3, 4, 0.5, d, big);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++) {
        float want = (float)(1.0 + 2.0 * i / 64) + 3 + 4 + 0.5f + 5 + 2;
        if (h[i] != want) {
            printf("FAIL chevrons h[%d] = %g, expected %g\n", i, h[i], want);
            return 1;
        }
    }
    char c = 0;
    short s = 0;
    double dd = 0;
    big = 0;
    b.tag = 0;
    void *args[] = {&b, &c, &s, &dd, &d, &big};
    if (cudaLaunchKernel((const void *)fill, dim3(1), dim3(64), args, 0, 0) != cudaSuccess) {
        printf("FAIL cudaLaunchKernel\n");
        return 1;
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (h[32] != 2.0f) {
        printf("FAIL cudaLaunchKernel h[32] = %g\n", h[32]);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
