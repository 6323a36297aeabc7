package dev.sns.jmh.host;

import java.util.function.BiConsumer;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output, passed on unchanged, with each failed benchmark's exception noted. A fork whose
 * benchmark throws prints {@code <failure>}, a blank line, the exception's text (message and stack) and
 * another blank line through this format (JMH's forks send their output to the host's format); this
 * hands that text, with the benchmark it belongs to, to {@code onFailure}.
 */
final class FailureCapture extends ForwardingOutput {
    private final BiConsumer<BenchmarkParams, String> onFailure;
    private volatile BenchmarkParams current; // set before a fork starts, read by JMH's link thread
    private boolean inFailure;
    private boolean seenText;

    FailureCapture(OutputFormat out, BiConsumer<BenchmarkParams, String> onFailure) {
        super(out);
        this.onFailure = onFailure;
    }

    /**
     * The benchmark whose fork speaks next, where this format is not told by {@code startBenchmark}
     * (JMH's link server does not forward it: {@link LinkFailureTap}).
     */
    void benchmark(BenchmarkParams benchParams) {
        current = benchParams;
        inFailure = false;
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        current = benchParams;
        inFailure = false;
        out.startBenchmark(benchParams);
    }

    @Override
    public void println(String s) {
        out.println(s);
        if ("<failure>".equals(s)) {
            inFailure = true;
            seenText = false;
        } else if (inFailure) {
            if (s == null || s.isBlank()) {
                inFailure = !seenText;
            } else if (current != null) {
                seenText = true;
                onFailure.accept(current, s);
            }
        }
    }
}
