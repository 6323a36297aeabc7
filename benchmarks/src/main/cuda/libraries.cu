// Inputs for the library samples (GpuSample_10..13): pseudo-random values in [-1, 1) of each element
// type a GEMM or an FFT reads, made on the GPU (a 16384^2 bf16 matrix is 512 MiB: no host copy).
// Rebuild with scripts/build-ptx.sh.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

__device__ __forceinline__ float uniform(unsigned long long i, unsigned int seed) {
    unsigned long long z = i + 0x9E3779B97F4A7C15ull * (seed + 1ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (float) (z >> 40) * (2.0f / 16777216.0f) - 1.0f;   // 24 bits: [-1, 1)
}

#define GRID_STRIDE(n) for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < (n); i += (long) gridDim.x * blockDim.x)

extern "C" __global__ void fill_f32(float *p, long n, unsigned int seed) {
    GRID_STRIDE(n) { p[i] = uniform(i, seed); }
}

extern "C" __global__ void fill_bf16(__nv_bfloat16 *p, long n, unsigned int seed) {
    GRID_STRIDE(n) { p[i] = __float2bfloat16(uniform(i, seed)); }
}

extern "C" __global__ void fill_f16(__half *p, long n, unsigned int seed) {
    GRID_STRIDE(n) { p[i] = __float2half(uniform(i, seed)); }
}

extern "C" __global__ void fill_e4m3(__nv_fp8_e4m3 *p, long n, unsigned int seed) {
    GRID_STRIDE(n) { p[i] = __nv_fp8_e4m3(uniform(i, seed)); }
}

// The sum of n floats into *out (one atomic per block): a GEMM's output checked against the host.
extern "C" __global__ void sum_bf16(const __nv_bfloat16 *p, long n, float *out) {
    __shared__ float s[256];
    float acc = 0.0f;
    GRID_STRIDE(n) { acc += __bfloat162float(p[i]); }
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}
