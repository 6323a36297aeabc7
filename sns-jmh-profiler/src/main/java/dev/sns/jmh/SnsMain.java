package dev.sns.jmh;

/**
 * The Main-Class of a benchmarks jar with sns: JMH's command line, unchanged, with sns around it
 * (benchmarks that need a GPU skipped with their reason on a machine without one, {@code @Baseline}
 * pairs in ABBA rounds, every GPU of {@code devices}, shards, the sns summary and exit codes). Name it
 * in the shade plugin's manifest:
 * <pre>{@code
 * <mainClass>dev.sns.jmh.SnsMain</mainClass>
 * }</pre>
 * {@code org.openjdk.jmh.Main} runs the same benchmarks with {@code -prof sns}, without what only this
 * Main does. The exit codes: docs/reference/exit-codes.md.
 */
public final class SnsMain {
    private SnsMain() {}

    /**
     * Runs JMH's command line with sns, then exits with sns's exit code.
     *
     * @param args JMH's arguments ({@code -prof sns:...} among them)
     */
    public static void main(String[] args) {
        dev.sns.jmh.host.SnsMain.main(args);
    }
}
