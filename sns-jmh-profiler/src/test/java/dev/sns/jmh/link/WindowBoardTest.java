package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.sns.fakes.FakeGpuBackend;
import dev.sns.model.BoardIdentity;
import dev.sns.model.ClockEvidence;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/** A fork's board rides its first GPU window to the host, through Java serialization as JMH carries it. */
class WindowBoardTest {
    @Test
    void theBoardCrossesTheLinkWithItsAbsentFieldsReasons() throws Exception {
        BoardIdentity board = FakeGpuBackend.board(0, "GPU-b0a4d000-0000-4000-8000-000000000001");
        WindowSamples w = new WindowSamples(WindowSamples.GPU_SOURCE, 0, 0, new double[] {1, 2}, new int[] {0, 0}, 1,
                "fake", 1, Double.NaN, Double.NaN, ClockEvidence.none("none", false), null, null).withBoard(board);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(w);
        }
        WindowSamples back;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            back = (WindowSamples) in.readObject();
        }
        assertEquals(board, back.board());
        assertEquals("NOT_SUPPORTED", back.board().missing().get("moduleId"));
        assertNull(new WindowSamples(WindowSamples.GPU_SOURCE, 0, 1, new double[] {1}, new int[] {0}, 1, "fake", 1,
                Double.NaN, Double.NaN, ClockEvidence.none("none", false), null, null).board(), "later windows carry none");
    }
}
