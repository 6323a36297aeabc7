package dev.sns.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.MeasureOnBackendMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A second backend, added as another vendor's would be (one class, one services line: the test-jar's
 * {@code dev.sns.fakes.FakeGpuBackend}), is found by {@link java.util.ServiceLoader} and measures
 * through the plain {@code Sns.measure} of a fresh JVM. (The JMH fork tests run on it too.)
 */
class SecondBackendTest {
    @Test
    void snsMeasureRunsOnABackendRegisteredOnlyThroughServiceLoader() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", cp, "-Dsns.backend=fake", "-Xmx128m",
                MeasureOnBackendMain.class.getName())).redirectErrorStream(true).start();
        String out;
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("the measuring JVM did not finish in 60 s");
            }
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError("could not read the measuring JVM's output", e);
        }
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("backend=fake"), out);
        assertTrue(out.contains("timer=fake"), out);
        assertTrue(out.contains("medianNanos=50000"), out); // the fake kernel takes exactly 50 us
        assertTrue(out.contains("launchOverheadNanos=2000"), out); // the fake backend's empty launch
        assertTrue(out.contains("tier=B"), out); // steady fake clocks, not locked
    }
}
