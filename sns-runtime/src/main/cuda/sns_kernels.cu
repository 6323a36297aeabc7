// sns's own kernels, loaded by dev.sns.gpu.cuda. Regenerate the PTX with ../../../scripts/build-ptx.sh
// (nvcc -ptx -arch=compute_90); the .ptx beside the Java resources is checked in because the GPU
// test host has no compiler toolchain for Java and JNvrtc cannot load there.

// Reads the GPU's global nanosecond timer.
__device__ __forceinline__ unsigned long long sns_globaltimer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Holds the stream until the host raises *release (host-mapped memory) to at least target, so
// that a whole sample can be queued behind it and then run back to back (NVBench's blocking
// kernel). The counter only grows, so releasing one sample can never be undone by blocking the
// next. Gives up after timeout_ns and sets *timed_out, so a full launch queue shows as an error
// instead of a hang.
extern "C" __global__ void sns_block_stream(const volatile unsigned long long* release, volatile int* timed_out,
                                            unsigned long long target, unsigned long long timeout_ns) {
    unsigned long long start = sns_globaltimer();
    while (*release < target) {
        if (sns_globaltimer() - start > timeout_ns) {
            *timed_out = 1;
            __threadfence_system();
            return;
        }
    }
}

// Spins one thread for ns nanoseconds of the GPU's own clock: ground truth for timer tests.
extern "C" __global__ void sns_spin_ns(unsigned long long ns) {
    unsigned long long start = sns_globaltimer();
    while (sns_globaltimer() - start < ns) {
    }
}

// Does nothing: timed the same way as the user's work (same launch mode, same calls per sample),
// it measures what a launch costs between the events, so that it can be reported and subtracted.
extern "C" __global__ void sns_empty() {
}
