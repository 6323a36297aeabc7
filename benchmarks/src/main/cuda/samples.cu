// Kernels of the numbered GPU samples (dev.sns.benchmarks.GpuSample_*). Regenerate the PTX with
// scripts/build-ptx.sh; the GPU host loads the checked-in samples.ptx (no compiler there).

// out[i] = in[i]: n * 4 bytes read plus n * 4 bytes written.
extern "C" __global__ void copy_f32(const float* __restrict__ in, float* __restrict__ out, long long n) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        out[i] = in[i];
    }
}

// y[i] = a * x[i] + y[i]: 2 flops, 12 bytes (x and y read, y written) per element.
extern "C" __global__ void saxpy(long long n, float a, const float* __restrict__ x, float* __restrict__ y) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        y[i] = a * x[i] + y[i];
    }
}

// *out += sum of in[0..n): each block reduces its share in shared memory, then one atomicAdd.
extern "C" __global__ void reduce_sum(const float* __restrict__ in, float* out, long long n) {
    __shared__ float partial[256];
    float acc = 0.0f;
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        acc += in[i];
    }
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}

// Spins one thread for ns nanoseconds of the GPU's global timer: a kernel of known duration.
extern "C" __global__ void spin_ns(unsigned long long ns) {
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < ns);
}

// Spins one thread for cycles of its SM's clock (clock64): a kernel of known length in cycles, with no
// timer quantum (spin_ns's global timer ticks every 32 ns on the H200), for known ratios back to back.
extern "C" __global__ void spin_cycles(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}

// The smallest useful kernel: one thread writes one int (launch-bound).
extern "C" __global__ void tiny(int* out, int v) {
    if (threadIdx.x == 0 && blockIdx.x == 0) *out = v;
}

// Compute-bound: every thread runs iters steps of four independent fused multiply-adds (8 flops a
// step) on registers, and writes one float so the work cannot be dropped.
extern "C" __global__ void fma_loop(float* out, int iters) {
    float a = threadIdx.x * 1e-3f, b = 0.9999f;
    float c0 = 0.5f, c1 = 0.25f, c2 = 0.125f, c3 = 0.0625f;
    for (int i = 0; i < iters; i++) {
        c0 = fmaf(c0, b, a);
        c1 = fmaf(c1, b, a);
        c2 = fmaf(c2, b, a);
        c3 = fmaf(c3, b, a);
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = c0 + c1 + c2 + c3;
}
