package dev.sns.jmh.host;

import java.io.IOException;
import java.util.Collection;
import java.util.function.BiConsumer;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output, passed on unchanged, with each failed benchmark's exception noted. A fork whose
 * benchmark throws prints {@code <failure>}, a blank line, the exception's text (message and stack) and
 * another blank line through this format (JMH's forks send their output to the host's format); this
 * hands that text, with the benchmark it belongs to, to {@code onFailure}.
 */
final class FailureCapture implements OutputFormat {
    private final OutputFormat out;
    private final BiConsumer<BenchmarkParams, String> onFailure;
    private BenchmarkParams current;
    private boolean inFailure;
    private boolean seenText;

    FailureCapture(OutputFormat out, BiConsumer<BenchmarkParams, String> onFailure) {
        this.out = out;
        this.onFailure = onFailure;
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

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        out.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                                IterationResult data) {
        out.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        out.endBenchmark(result);
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        out.endRun(result);
    }

    @Override
    public void print(String s) {
        out.print(s);
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.close();
    }

    @Override
    public void verbosePrintln(String s) {
        out.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
