// Control-flow shapes for reconvergence tests, device calls, printf,
// local arrays and doubles. Regenerate: see tests/ptx/README.
#include <cstdio>

__device__ __noinline__ float scale(float x, int k)
{
    if (k > 2)
        return x * k;
    return x - k;
}

__global__ void ifelse(int *out, const int *in)
{
    int i = threadIdx.x;
    int v = in[i];
    if (v & 1)
        v = v * 3 + 1;
    else
        v = v / 2;
    out[i] = v;
}

__global__ void loops(int *out, const int *n, int limit)
{
    int i = threadIdx.x, acc = 0;
    for (int a = 0; a < n[i]; a++) {
        for (int b = 0; b < a; b++) {
            acc += a * b;
            if (acc > limit)
                goto done;
        }
        if (acc == 7)
            break;
    }
done:
    out[i] = acc;
}

__global__ void early(float *out, const float *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = in[i];
    if (x < 0.0f) {
        out[i] = 0.0f;
        return;
    }
    out[i] = scale(x, i % 5);
}

__global__ void locals(int *out, int k)
{
    int buf[16];
    for (int j = 0; j < 16; j++)
        buf[j] = j * k + threadIdx.x;
    out[threadIdx.x] = buf[(threadIdx.x + k) & 15];
    if (threadIdx.x == 0)
        printf("k=%d first=%d\n", k, buf[0]);
}

__global__ void dbl(double *out, const double *in, float f)
{
    int i = threadIdx.x;
    double x = in[i];
    out[i] = sqrt(x) / (x + 1.5) + (double)f + (x > 2.0 ? 1e-3 : -0.25);
}
