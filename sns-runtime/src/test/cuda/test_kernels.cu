// Kernels for the GPU-tagged tests of sns-runtime. Regenerate with scripts/build-ptx.sh.

// Sums n floats into out[blockIdx.x] (one partial sum per block): reads every byte once, so its
// time depends on where the data lies (L2 or HBM).
extern "C" __global__ void read_sum(const float* __restrict__ in, float* __restrict__ out, long long n) {
    float acc = 0.0f;
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        acc += in[i];
    }
    __shared__ float partial[1024];
    partial[threadIdx.x] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
}

// out[i] = in[i] for n floats: n * 4 bytes read plus n * 4 bytes written.
extern "C" __global__ void copy_f32(const float* __restrict__ in, float* __restrict__ out, long long n) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        out[i] = in[i];
    }
}

// The smallest useful kernel: one thread writes one int (launch-bound).
extern "C" __global__ void tiny(int* out, int v) {
    if (threadIdx.x == 0 && blockIdx.x == 0) *out = v;
}
