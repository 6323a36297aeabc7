package dev.sns.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.jmh.link.ForkProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.ProfilerException;

/**
 * The checks before the first fork under JMH's own Main: JMH makes the profiler in the host before it
 * forks, so its constructor checks {@code history=} and {@code smi=} there (once per JVM and line), and
 * never in a fork. (A real JMH Runner refusing a bad history: {@code ProfilerForkIT}.)
 */
class SnsProfilerChecksTest {
    @TempDir
    Path tmp;

    @Test
    void aHistoryWithAnUnknownSchemeIsRefusedByTheConstructorWithOneMessage() {
        ProfilerException e = assertThrows(ProfilerException.class,
                () -> new SnsProfiler("out=" + tmp.resolve("out") + ";history=postgres://db/sns"));
        assertEquals("sns: postgres://db/sns: postgres: is not a history database sns knows: use a file path, "
                + "jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB; nothing was run", e.getMessage());
    }

    @Test
    void aPostgresPasswordIsMaskedInTheConstructorsMessage() {
        ProfilerException e = assertThrows(ProfilerException.class, () -> new SnsProfiler("history=jdbc:postgresql://"
                + "bench:uSerPa55@127.0.0.1:1/sns?user=bench&password=s3cretPw"));
        assertTrue(e.getMessage().contains("nothing was run"), e.getMessage());
        assertTrue(!e.getMessage().contains("s3cretPw") && !e.getMessage().contains("uSerPa55"), e.getMessage());
    }

    /** An nvidia-smi that counts its starts: three profilers of one line in the host start it once. */
    @Test
    void theChecksRunOncePerLineInTheHost() throws Exception {
        Path count = tmp.resolve("starts");
        Path smi = countingSmi(count);
        String line = "out=" + tmp.resolve("out") + ";clocks=lock:1500;smi=" + smi;
        for (int i = 0; i < 3; i++) {
            new SnsProfiler(line);
        }
        assertEquals(1, Files.readAllLines(count).size());
        new SnsProfiler(line + ";rounds=4"); // another line: checked on its own
        assertEquals(2, Files.readAllLines(count).size());
    }

    @Test
    void aForkChecksNothing() throws Exception {
        Path count = tmp.resolve("starts");
        System.setProperty(ForkProperties.FORK, "1");
        try {
            new SnsProfiler("history=postgres://db/sns"); // its host checked the line (and refused it) before any fork
            new SnsProfiler("clocks=lock:1500;smi=" + countingSmi(count));
        } finally {
            System.clearProperty(ForkProperties.FORK);
        }
        assertTrue(!Files.exists(count), "a fork started nvidia-smi");
    }

    @Test
    void anSmiThatIsNotThereIsRefusedByTheConstructor() {
        Path missing = tmp.resolve("no/nvidia-smi");
        ProfilerException e = assertThrows(ProfilerException.class,
                () -> new SnsProfiler("clocks=lock:1500;smi=" + missing));
        assertTrue(e.getMessage().startsWith("sns: clocks=lock:1500 runs smi=" + missing + ", which is not an "
                + "executable file; fix smi=PATH"), e.getMessage());
    }

    private Path countingSmi(Path count) throws Exception {
        Path smi = tmp.resolve("nvidia-smi");
        Files.writeString(smi, "#!/bin/sh\necho start >> '" + count + "'\necho 'NVIDIA-SMI version : 0'\n");
        Files.setPosixFilePermissions(smi, PosixFilePermissions.fromString("rwxr-xr-x"));
        return smi;
    }
}
