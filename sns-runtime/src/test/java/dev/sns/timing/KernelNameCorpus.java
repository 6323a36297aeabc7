package dev.sns.timing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Real kernel symbols and what GNU c++filt prints for them: {@code kernel-names-h200.tsv}, every
 * kernel the H200 host's {@code cuobjdump -symbols} listed in libcublasLt.so.13, libcublas.so.13 and
 * PyTorch's libtorch_cuda.so (cuBLAS, cuBLASLt, CUB, Thrust, CUTLASS, flash attention, ATen's
 * lambdas), 1,366 distinct symbols, each a line of the symbol, a tab, and c++filt's output (GNU
 * binutils 2.40). All of them are kept rather than a sample: the rare constructs are the point, and
 * the file compresses to 48 KB.
 */
public final class KernelNameCorpus {
    /** One recorded symbol and c++filt's reading of it. */
    public record Line(String symbol, String cppFilt) {}

    private KernelNameCorpus() {}

    /** Every line, in the file's order. */
    public static List<Line> lines() {
        List<Line> out = new ArrayList<>();
        try (InputStream in = KernelNameCorpus.class.getResourceAsStream("kernel-names-h200.tsv")) {
            if (in == null) {
                throw new IllegalStateException("kernel-names-h200.tsv is not on the test class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                int tab = l.indexOf('\t');
                if (tab < 0) {
                    throw new IllegalStateException("line " + (out.size() + 1) + " has no tab: " + l);
                }
                out.add(new Line(l.substring(0, tab), l.substring(tab + 1)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
