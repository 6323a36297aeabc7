package dev.sns.gpu.cuda;

import dev.sns.fakes.GpuTest;
import dev.sns.timing.GpuStream;
import dev.sns.timing.Body;
import dev.sns.timing.LaunchMode;
import dev.sns.timing.Timer;
import dev.sns.timing.TimerContract;

/** The timer contract on real CUDA events, with a spin kernel as work of known length. */
@GpuTest
class CudaEventTimerContractTest extends TimerContract {
    @Override
    protected Timer create() {
        return CudaEventTimer.open(0, LaunchMode.BLOCKING, false, 0, false);
    }

    @Override
    protected Body work(Timer timer, long nanos) {
        TestKernels k = new TestKernels(0);
        GpuStream s = timer.stream();
        Kernel.KernelArgs args = Kernel.KernelArgs.of().i64(nanos);
        return () -> k.spin.launch(s, 1, 1, args);
    }
}
