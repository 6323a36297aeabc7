package dev.sns.timing;

class HostTimerContractTest extends TimerContract {
    @Override
    protected Timer create() {
        return new HostTimer();
    }

    @Override
    protected Body work(Timer timer, long nanos) {
        return () -> {
            long end = System.nanoTime() + nanos;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        };
    }
}
