package dev.sns.reports.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sns.reports.ComparisonEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Known answers for the pieces the plots are made of. */
class PlotPartsTest {
    @Test
    void coordinatesHaveOneDecimalAndADot() {
        assertEquals("12", Svg.num(12.04));
        assertEquals("12.5", Svg.num(12.46));
        assertEquals("-3.2", Svg.num(-3.24));
        assertEquals("0", Svg.num(-0.04));
    }

    @Test
    void ticksAreRoundMultiples() {
        assertEquals(List.of(84.0, 84.5, 85.0), Svg.ticks(83.9, 85.2, 3));
        assertEquals(List.of(1800.0, 1900.0, 2000.0), Svg.ticks(1755, 2010, 3));
        assertEquals(List.of(), Svg.ticks(1, 1, 3));
    }

    @Test
    void segmentsFollowWindowAndForkChangesAndCarryTheirMedian() {
        double[] v = {1, 2, 3, 10, 20, 5};
        int[] windows = {0, 0, 0, 1, 1, 1};
        int[] forks = {0, 0, 0, 0, 0, 1};
        List<WindowSegment> s = WindowSegment.split(v, windows, forks);
        assertEquals(List.of(new WindowSegment(0, 3, 0, 0, 2.0), new WindowSegment(3, 5, 0, 1, 15.0),
                new WindowSegment(5, 6, 1, 1, 5.0)), s);
    }

    @Test
    void theStrideDrawsAtMostMaxPoints() {
        assertEquals(1, SamplePlot.stride(4000));
        assertEquals(2, SamplePlot.stride(4001));
        assertEquals(3, SamplePlot.stride(10_001));
    }

    @Test
    void labelsThatWouldOverlapArePushedApartInOrder() {
        List<SamplePlot.Label> out = SamplePlot.spread(List.of(new SamplePlot.Label(100, "upper", "c"),
                new SamplePlot.Label(101, "median", "c"), new SamplePlot.Label(102, "lower", "c")));
        assertArrayEquals(new double[] {100, 112, 124}, out.stream().mapToDouble(SamplePlot.Label::y).toArray());
    }

    @Test
    void forestLabelsDropTheSharedPackageAndClass() {
        ComparisonEntry c = ComparisonEntry.builder().candidate("dev.x.Saxpy.fused:n=1").baseline("dev.x.Saxpy.naive:n=1")
                .params(Map.of()).speedup(1.0).lower(0.9).upper(1.1).confidence(0.95).tier("B").verdict("PARITY")
                .design("d").rounds(0).build();
        assertEquals("dev.x.", ForestLabels.commonPrefix(List.of(c)));
        assertArrayEquals(new String[] {"Saxpy", "fused:n=1 vs naive:n=1"}, ForestLabels.label("Saxpy.fused:n=1",
                "Saxpy.naive:n=1"));
        assertArrayEquals(new String[] {"A.run", "vs B.run"}, ForestLabels.label("A.run", "B.run"));
        String longName = "x".repeat(100);
        assertEquals(ForestLabels.MAX_LABEL, ForestLabels.shorten(longName).length());
        assertEquals("...", ForestLabels.shorten(longName).substring(0, 3));
    }

    @Test
    void escapingCoversTheFiveSpecialCharacters() {
        assertEquals("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;", Html.escape("<a href=\"x\" title='y'>&"));
        assertEquals("", Html.escape(null));
        assertEquals("a.<wbr>b:<wbr>n=<wbr>1", Html.breakable("a.b:n=1"));
        assertEquals("x_<wbr>&lt;T&gt;,<wbr>y", Html.breakable("x_<T>,y"));
        String plain = "CpuSample_01 n 12.5 us";
        assertEquals(plain, Html.escape(plain));
        assertEquals("a &amp; b", Html.escape("a & b")); // one special character among plain ones
    }
}
