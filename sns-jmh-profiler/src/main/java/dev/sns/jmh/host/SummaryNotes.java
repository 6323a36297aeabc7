package dev.sns.jmh.host;

import dev.sns.model.DisplayUnit;
import dev.sns.model.MeasurementTier;
import dev.sns.model.SamplingStop;
import dev.sns.model.TimingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines below the sns summary that say what its table cannot: why a result is not tier A, which
 * results are not measurable net of their launch overhead, and where a benchmark's precision rounds
 * stopped. Results whose text is the same once its numbers are
 * ignored share one line, each number shown as the range it spans ("its 6 to 24 iterations"); others
 * get a line each, with the benchmark's short id. Never more than {@link #MAX_LINES} lines of one kind:
 * a suite of 400 benchmarks with the same reasons says them once.
 */
final class SummaryNotes {
    /** The most lines of one kind; past it, one line counts the rest and says where they are. */
    static final int MAX_LINES = 12;

    /** A number on its own (not part of a word such as sm_90 or fp32): 6, 13.42, 1.120e+04. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?(?!\\w)");

    private SummaryNotes() {}

    /** One result's note: its id, whether it is a CPU benchmark (timed by JMH), and what is said of it. */
    record Note(String id, boolean cpu, String text) {}

    /** Why each result that is not tier A is not: tier C first, then B, grouped. */
    static List<String> tierReasons(List<TimingResult> results) {
        List<Note> c = new ArrayList<>();
        List<Note> b = new ArrayList<>();
        for (TimingResult r : results) {
            if (r.tier() == MeasurementTier.A || r.tierReasons().isEmpty()) {
                continue;
            }
            Note n = new Note(r.name(), r.timer().startsWith("JMH"), String.join("; ", r.tierReasons()));
            (r.tier() == MeasurementTier.C ? c : b).add(n);
        }
        List<String> lines = new ArrayList<>(group("tier C", c));
        lines.addAll(group("tier B", b));
        return capped(lines, "results not tier A", "their tierReasons");
    }

    /**
     * The results whose net reading is no reading (its interval reaches zero): the summary's median is the
     * raw one, and this says so, with the launch overhead it is within.
     */
    static List<String> notNetMeasurable(List<TimingResult> results) {
        List<Note> notes = new ArrayList<>();
        for (TimingResult r : results) {
            if (r.hasInterval() && r.netIntervalMillis().isPresent() && !r.netMeasurable()) {
                DisplayUnit u = DisplayUnit.forMillis(r.launchOverheadMillis());
                notes.add(new Note(r.name(), r.timer().startsWith("JMH"), String.format(Locale.ROOT,
                        "%s: read its raw median (launch overhead %.4g %s)", TimingResult.NOT_NET_MEASURABLE,
                        r.launchOverheadMillis() * u.perMilli(), u.label())));
            }
        }
        return capped(group("net", notes), "results not measurable net", "their summary.netMeasurable");
    }

    /** Where each benchmark with a precision target ({@code halfWidth}) stopped, grouped. */
    static List<String> precision(List<Finished> finished) {
        List<Note> notes = new ArrayList<>();
        for (Finished f : finished) {
            TimingResult r = f.result();
            if (r.samplingStop() != SamplingStop.COUNT) {
                notes.add(new Note(f.id(), r.timer().startsWith("JMH"), ConsoleLines.precision(f)));
            }
        }
        return capped(group("precision", notes), "precision stops", "their summary.precision and stop");
    }

    /**
     * One line per text once its numbers are ignored, in the order first seen: "sns: LABEL, ID: text" for
     * one result, "sns: LABEL, 3 CPU benchmarks: text" (each number the range it spans) for several.
     */
    static List<String> group(String label, List<Note> notes) {
        Map<String, List<Note>> byShape = new LinkedHashMap<>();
        for (Note n : notes) {
            byShape.computeIfAbsent(NUMBER.matcher(n.text()).replaceAll("#"), k -> new ArrayList<>()).add(n);
        }
        List<String> lines = new ArrayList<>();
        for (List<Note> same : byShape.values()) {
            if (same.size() == 1) {
                lines.add("sns: " + label + ", " + shortId(same.get(0).id()) + ": " + same.get(0).text());
            } else {
                long cpu = same.stream().filter(Note::cpu).count();
                String kind = cpu == same.size() ? " CPU" : cpu == 0 ? " GPU" : "";
                lines.add("sns: " + label + ", " + same.size() + kind + " benchmarks: " + ranges(same));
            }
        }
        return lines;
    }

    /** At most {@link #MAX_LINES}: the last one counts the lines left out and says where they are. */
    private static List<String> capped(List<String> lines, String what, String where) {
        if (lines.size() <= MAX_LINES) {
            return lines;
        }
        List<String> kept = new ArrayList<>(lines.subList(0, MAX_LINES - 1));
        kept.add("sns: and " + (lines.size() - kept.size()) + " more lines of " + what + ": " + where
                + " are in results.json");
        return kept;
    }

    /** The first note's text with each number the range it spans over all of them, and "its" as "their". */
    private static String ranges(List<Note> same) {
        List<List<String>> numbers = new ArrayList<>();
        for (Note n : same) {
            List<String> mine = new ArrayList<>();
            Matcher m = NUMBER.matcher(n.text());
            while (m.find()) {
                mine.add(m.group());
            }
            numbers.add(mine);
        }
        Matcher m = NUMBER.matcher(same.get(0).text());
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (m.find()) {
            String low = m.group();
            String high = low;
            for (List<String> mine : numbers) {
                String v = mine.get(i);
                low = Double.parseDouble(v) < Double.parseDouble(low) ? v : low;
                high = Double.parseDouble(v) > Double.parseDouble(high) ? v : high;
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(low.equals(high) ? low : low + " to " + high));
            i++;
        }
        m.appendTail(sb);
        return sb.toString().replaceAll("\\bits\\b", "their");
    }

    /** "Class.method@mode:params": the id without its package. */
    static String shortId(String id) {
        int at = id.indexOf('@');
        String head = at < 0 ? id : id.substring(0, at);
        int method = head.lastIndexOf('.');
        int type = method <= 0 ? -1 : head.lastIndexOf('.', method - 1);
        return type < 0 ? id : id.substring(type + 1);
    }
}
