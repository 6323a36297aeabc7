// The fixture's kernels (compatibility fixture; rebuild fixture.ptx with:
//   nvcc -ptx -arch=compute_90 -o ../resources/com/example/outside/fixture.ptx fixture.cu)
extern "C" __global__ void scale(long n, float a, float *x) {
    for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n; i += (long) gridDim.x * blockDim.x) {
        x[i] = a * x[i];
    }
}

extern "C" __global__ void scaleTwice(long n, float a, float *x) {
    for (long i = blockIdx.x * (long) blockDim.x + threadIdx.x; i < n; i += (long) gridDim.x * blockDim.x) {
        float v = a * x[i];
        x[i] = a * v;
    }
}
