// Issue 26 item 5 (docs/kernel-table.md): does the 4 MiB read's time depend on where its buffer lies?
// K buffers of 4 MiB (separate allocations, holes of 1-64 MiB between them, seeded); for each in turn
// one warm-up launch and `reps` launches of reduce_sum (the validation tools' read kernel and grid),
// each synchronized: run it under ncu for each launch's gpu__time_duration. With a 4th argument 1 it
// times instead, per buffer in 5 rounds, `reps` launches back to back between two CUDA events.
// Build: nvcc -arch=sm_90 -O2 -o read_placement validation/experiments/read_placement.cu
// Run:   ncu --clock-control none --cache-control none -k regex:reduce_sum --metrics gpu__time_duration.sum
//            --csv ./read_placement 16 10 1        (K reps fill)   |   ./read_placement 16 1000 1 1
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)
#include "../../benchmarks/src/main/cuda/samples.cu" // reduce_sum: the validation tools' read kernel
int main(int argc, char** argv) {
    int k = argc > 1 ? atoi(argv[1]) : 16;
    int reps = argc > 2 ? atoi(argv[2]) : 10;
    int fill = argc > 3 ? atoi(argv[3]) : 1;
    long long n = 1LL << 20;
    int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int blocks = sms * 8;
    float* out; CK(cudaMalloc(&out, 4));
    std::vector<float*> bufs; std::vector<void*> holes;
    srand(12345);
    for (int b = 0; b < k; b++) {
        void* h; CK(cudaMalloc(&h, (size_t) ((rand() % 64) + 1) << 20)); holes.push_back(h);
        float* a; CK(cudaMalloc(&a, n * 4)); bufs.push_back(a);
        if (fill) CK(cudaMemset(a, 0, n * 4));
    }
    cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CK(cudaDeviceSynchronize());
    int events = argc > 4 ? atoi(argv[4]) : 0;
    if (events) { // per buffer, reps launches back to back between two events: the mean per launch (gaps in)
        cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
        for (int round = 0; round < 5; round++) {
            printf("events round %d ns/launch:", round);
            for (int b = 0; b < k; b++) {
                for (int i = 0; i < 5; i++) reduce_sum<<<blocks, 256, 0, s>>>(bufs[b], out, n);
                CK(cudaEventRecord(e0, s));
                for (int i = 0; i < reps; i++) reduce_sum<<<blocks, 256, 0, s>>>(bufs[b], out, n);
                CK(cudaEventRecord(e1, s));
                CK(cudaEventSynchronize(e1));
                float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
                printf(" %.0f", ms * 1e6 / reps);
            }
            printf("\n");
        }
        return 0;
    }
    for (int b = 0; b < k; b++) {
        for (int i = 0; i <= reps; i++) {
            reduce_sum<<<blocks, 256, 0, s>>>(bufs[b], out, n);
            CK(cudaStreamSynchronize(s));
        }
        printf("buffer %d at %p\n", b, (void*) bufs[b]);
    }
    return 0;
}
