package dev.sns.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.sns.gpu.GpuBackends;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each tool on a host without a GPU: one line saying why (and what runs without one), exit 3, no stack trace. */
class GpuRequiredTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({
        "kernels, 'kernel check: no GPU (', ''",
        "energy, 'energy check: no GPU (', '; --simulate runs it on a simulated counter'",
        "calibration, 'calibration: no GPU (', '; --dry runs every part on the CPU'"})
    void withoutAGpuAToolSaysWhyInOneLineAndExitsThree(String tool, String start, String end) throws Exception {
        assumeFalse(GpuBackends.detect().probe().available(), "this test is about hosts without a GPU");
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                ValidationMain.class.getName(), tool, "--out", tmp.resolve("out").toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // to its end
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the tool did not end: " + output);
        assertEquals(GpuRequired.EXIT, p.exitValue(), output);
        List<String> lines = output.lines().toList();
        assertEquals(1, lines.size(), output);
        assertTrue(lines.get(0).startsWith(start) && lines.get(0).endsWith(")" + end), output);
    }
}
