// The suite's CUDA kernels. build-ptx.sh compiles this file to PTX (src/main/resources, beside the
// benchmark classes); the PTX is checked in, so neither the build nor the GPU host needs nvcc: the
// driver JIT-compiles it for the GPU it runs on.

// y[i] = a * x[i] + y[i]: 2 flops and 12 bytes (x and y read, y written) per element.
extern "C" __global__ void saxpy(long long n, float a, const float* __restrict__ x, float* __restrict__ y) {
    for (long long i = blockIdx.x * (long long) blockDim.x + threadIdx.x; i < n;
         i += (long long) gridDim.x * blockDim.x) {
        y[i] = a * x[i] + y[i];
    }
}
