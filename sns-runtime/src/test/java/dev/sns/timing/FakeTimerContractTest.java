package dev.sns.timing;

import dev.sns.fakes.FakeTimer;

class FakeTimerContractTest extends TimerContract {
    @Override
    protected Timer create() {
        return new FakeTimer(1.0, 64);
    }

    @Override
    protected Body work(Timer timer, long nanos) {
        return () -> ((FakeTimer) timer).advance(nanos);
    }
}
