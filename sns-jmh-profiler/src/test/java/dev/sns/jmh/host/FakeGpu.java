package dev.sns.jmh.host;

import dev.sns.gpu.GpuBackends;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code @ExtendWith(FakeGpu.class)}: each test of the class runs with the fake GPU backend chosen
 * ({@code -Dsns.backend=fake}, inherited by JMH's forks) and the host's run forgotten after it.
 */
final class FakeGpu implements BeforeEachCallback, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) {
        System.setProperty(GpuBackends.PROPERTY, "fake");
    }

    @Override
    public void afterEach(ExtensionContext context) {
        System.clearProperty(GpuBackends.PROPERTY);
        HostRun.reset();
    }
}
