package dev.sns.timing;

import java.io.Serializable;
import java.util.Objects;

/**
 * One kernel the GPU ran, as a kernel recorder saw it (CUPTI's kernel activity record): its name as
 * the binary spells it (C++ names mangled; {@link KernelNames#demangle} reads them), when it started
 * and ended on the recorder's clock, and its launch shape.
 *
 * @param name the kernel's symbol, e.g. {@code _Z4spinm} or {@code sns_empty}
 * @param startNanos start on the recorder's clock, in nanoseconds
 * @param endNanos end on the same clock, at least {@code startNanos}
 * @param grid blocks per grid, x, y and z (zeros for a memset or copy, which the recorder also reports)
 * @param block threads per block, x, y and z (zeros for a memset or copy)
 * @param streamId the stream it ran on (the recorder's numbering)
 * @param graphNodeId the graph node it was launched from, 0 when not from a graph
 */
public record KernelRecord(String name, long startNanos, long endNanos, int[] grid, int[] block, int streamId,
                           long graphNodeId) implements Serializable {
    public KernelRecord {
        Objects.requireNonNull(name, "name");
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("kernel '" + name + "' ends (" + endNanos + " ns) before it starts ("
                    + startNanos + " ns)");
        }
        if (grid.length != 3 || block.length != 3) {
            throw new IllegalArgumentException("grid and block need x, y and z, got " + grid.length + " and "
                    + block.length + " values");
        }
        grid = grid.clone();
        block = block.clone();
    }

    /** A kernel launched outside a graph, on stream 0, with a one-dimensional grid and block. */
    public static KernelRecord of(String name, long startNanos, long endNanos, int gridX, int blockX) {
        return new KernelRecord(name, startNanos, endNanos, new int[] {gridX, 1, 1}, new int[] {blockX, 1, 1}, 0, 0);
    }

    /** How long it ran, in nanoseconds. */
    public long durationNanos() {
        return endNanos - startNanos;
    }

    /** Blocks per grid (a copy). */
    @Override
    public int[] grid() {
        return grid.clone();
    }

    /** Threads per block (a copy). */
    @Override
    public int[] block() {
        return block.clone();
    }

    /** "x,y,z" of the grid, or "x" when y and z are 1. */
    public String gridText() {
        return shape(grid);
    }

    /** "x,y,z" of the block, or "x" when y and z are 1. */
    public String blockText() {
        return shape(block);
    }

    static String shape(int[] v) {
        if (v[0] == 0) {
            return "-"; // a memset or copy: no grid or block
        }
        return v[1] == 1 && v[2] == 1 ? Integer.toString(v[0]) : v[0] + "," + v[1] + "," + v[2];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KernelRecord k && k.name.equals(name) && k.startNanos == startNanos
                && k.endNanos == endNanos && java.util.Arrays.equals(k.grid, grid)
                && java.util.Arrays.equals(k.block, block) && k.streamId == streamId && k.graphNodeId == graphNodeId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, startNanos, endNanos, java.util.Arrays.hashCode(grid), java.util.Arrays.hashCode(block),
                streamId, graphNodeId);
    }

    @Override
    public String toString() {
        return name + " <<<" + gridText() + ", " + blockText() + ">>> " + durationNanos() + " ns";
    }
}
