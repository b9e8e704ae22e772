// All-pairs gravitational n-body, CUDA SDK style: one thread per body; the
// CTA walks all bodies in tiles of blockDim.x, each thread staging one float4
// (x, y, z, mass) of the tile in dynamic shared memory; then the thread
// integrates its body (velocity in place, position into the other buffer).
// Every CTA streams the whole position array: the inter-CTA reuse the
// CTA-clustering paper reports for NBO. The host keeps n a multiple of the
// block size.
extern "C" __global__ void nbody_step(const float4 *pos_in, float4 *pos_out, float4 *vel, int n,
                                      float dt, float damping, float eps2)
{
    extern __shared__ float4 tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 me = pos_in[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;

    for (int base = 0; base < n; base += blockDim.x) {
        tile[threadIdx.x] = pos_in[base + threadIdx.x];
        __syncthreads();
        for (int j = 0; j < blockDim.x; j++) {
            float4 other = tile[j];
            float rx = other.x - me.x, ry = other.y - me.y, rz = other.z - me.z;
            float d2 = rx * rx + ry * ry + rz * rz + eps2;
            float inv = rsqrtf(d2);
            float s = other.w * inv * inv * inv;
            ax += rx * s;
            ay += ry * s;
            az += rz * s;
        }
        __syncthreads();
    }

    float4 v = vel[i];
    v.x = (v.x + ax * dt) * damping;
    v.y = (v.y + ay * dt) * damping;
    v.z = (v.z + az * dt) * damping;
    me.x += v.x * dt;
    me.y += v.y * dt;
    me.z += v.z * dt;
    vel[i] = v;
    pos_out[i] = me;
}
