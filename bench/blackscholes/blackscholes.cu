// Black-Scholes pricing of European call and put options, in float.
// Each thread prices options i, i + stride, ... (a grid-stride loop over a
// capped grid), reading three input arrays and writing two: a streaming,
// compute-heavy kernel whose exp/log/sqrt/divide go to the special-function
// units. The same source is also compiled with -use_fast_math into
// blackscholes_fast.ptx, which turns them into the .approx instructions:
//   nvcc -ptx -arch=sm_75 -use_fast_math -o blackscholes_fast.ptx blackscholes.cu

// Cumulative normal distribution by the Abramowitz-Stegun polynomial
// (26.2.17, |error| < 7.5e-8); the CPU reference uses the same polynomial.
__device__ static float bs_cnd(float d)
{
    const float b1 = 0.319381530f, b2 = -0.356563782f, b3 = 1.781477937f;
    const float b4 = -1.821255978f, b5 = 1.330274429f, p = 0.2316419f;
    const float inv_sqrt_2pi = 0.398942280401432677940f;
    float k = 1.0f / (1.0f + p * fabsf(d));
    float poly = k * (b1 + k * (b2 + k * (b3 + k * (b4 + k * b5))));
    float tail = inv_sqrt_2pi * expf(-0.5f * d * d) * poly;
    return d > 0.0f ? 1.0f - tail : tail;
}

extern "C" __global__ void blackscholes(float *call, float *put, const float *spot,
                                        const float *strike, const float *years,
                                        float rate, float vol, int n)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float s = spot[i], x = strike[i], t = years[i];
        float vsqrt = vol * sqrtf(t);
        float d1 = (logf(s / x) + (rate + 0.5f * vol * vol) * t) / vsqrt;
        float d2 = d1 - vsqrt;
        float n1 = bs_cnd(d1), n2 = bs_cnd(d2);
        float disc = x * expf(-rate * t);
        call[i] = s * n1 - disc * n2;
        put[i] = disc * (1.0f - n2) - s * (1.0f - n1);
    }
}
