package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.sns.model.ClockEvidence;
import dev.sns.stats.BootstrapSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a fork sends is what the host reads, through Java serialization as JMH carries it, though a
 * CPU window leaves its "no evidence" behind and a result its bootstrap record (both made again on the
 * host: a fork's first record and map to serialize cost it a few ms of CPU).
 */
class WindowLinkTest {
    @SuppressWarnings("unchecked")
    private static <T> T overTheLink(T value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    private static WindowSamples window(ClockEvidence evidence, double... nanos) {
        return new WindowSamples(WindowSamples.JMH_SOURCE, 1, 0, nanos, new int[nanos.length], 1, "JMH iteration score (avgt)",
                0, Double.NaN, Double.NaN, evidence, null, null);
    }

    @Test
    void aCpuWindowsEvidenceIsTheCpuNoneOnTheHost() throws Exception {
        WindowSamples back = overTheLink(window(WindowSamples.cpuEvidence(), 5.0));
        assertEquals(ClockEvidence.none("no clock evidence: CPU benchmark (no GpuBlackhole)", false), back.evidence());
        assertFalse(back.evidence().locked());
        // an equal "none" made elsewhere is sent as it is, and reads the same
        assertEquals(WindowSamples.cpuEvidence(),
                overTheLink(window(ClockEvidence.none(WindowSamples.CPU_EVIDENCE, false), 5.0)).evidence());
    }

    @Test
    void anyOtherEvidenceCrossesAsItIs() throws Exception {
        ClockEvidence other = ClockEvidence.none("no clock evidence: the GpuBlackhole was made after this window began", true);
        assertEquals(other, overTheLink(window(other, 5.0)).evidence());
    }

    @Test
    void aResultsBootstrapAndSummaryCrossTheLink() throws Exception {
        BootstrapSettings b = new BootstrapSettings(0.9, 1234, 0xBEEFL);
        SnsResult r = new SnsResult(List.of(window(WindowSamples.cpuEvidence(), 100, 300, 200)), b, TimeUnit.NANOSECONDS);
        SnsResult back = overTheLink(r);
        assertEquals(b, back.bootstrap());
        assertEquals(200.0, back.getScore(), 1e-9); // the median, in ns/op
        assertEquals(r.summary().medianMillis(), back.summary().medianMillis(), 0.0);
        assertEquals(WindowSamples.cpuEvidence(), back.windows().get(0).evidence());
    }
}
