package dev.sns.reports.html;

import static dev.sns.reports.html.Html.escape;

import dev.sns.reports.BenchmarkEntry;
import dev.sns.reports.Figures;
import dev.sns.reports.RunGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A merged run group's section, first on its page: whether the group is complete (and, when not,
 * what is missing, named), its shards (status, run, node, board, environment, planned and recorded
 * benchmarks, wall time), the nodes grouped by board when shards recorded boards, and where each benchmark ran - one table per environment (fingerprint),
 * with what sets each environment apart, when the nodes differ. Nothing for a single run's report.
 */
final class GroupSection {
    private GroupSection() {}

    static void append(StringBuilder out, RunGroup g, List<BenchmarkEntry> benchmarks) {
        if (g == null) {
            return;
        }
        out.append("<section id=\"group\">\n<h2>Run group <code>").append(escape(g.id())).append("</code></h2>\n")
                .append("<p class=\"note\">One suite run over ")
                .append(g.shardCount() == null ? g.shards().size() + " run(s)" : g.shardCount() + " shard(s)")
                .append(", merged from the history").append(g.basis().isEmpty() ? "" : "; shards balanced by "
                        + escape(g.basis())).append(". Absolute times compare only within one environment.</p>\n");
        if (g.complete()) {
            out.append("<p><span class=\"badge tier-A\">complete</span> every shard recorded, every planned benchmark ")
                    .append("measured or skipped.</p>\n");
        } else {
            out.append("<p><span class=\"badge st-failed\">incomplete</span> ").append(g.problems().size())
                    .append(" problem(s):</p>\n<ul class=\"nm-list\">");
            g.problems().forEach(p -> out.append("<li>").append(escape(p)).append("</li>"));
            out.append("</ul>\n");
        }
        shards(out, g);
        byBoard(out, g);
        byEnvironment(out, g, benchmarks);
        out.append("</section>\n");
    }

    private static void shards(StringBuilder out, RunGroup g) {
        out.append("<table class=\"pairs\">\n<tr><th>shard</th><th>status</th><th>run</th><th>node</th><th>GPU</th>")
                .append("<th>board</th>")
                .append("<th>environment</th><th class=\"num\">planned</th><th class=\"num\">recorded</th>")
                .append("<th class=\"num\">measured</th><th class=\"num\">failed</th><th class=\"num\">wall</th>")
                .append("<th>note</th></tr>\n");
        for (RunGroup.Shard s : g.shards()) {
            String badge = "ok".equals(s.status()) ? "tier-A" : "st-failed";
            out.append("<tr><td>").append(escape(s.shard())).append("</td><td><span class=\"badge ").append(badge)
                    .append("\">").append(escape(s.status())).append("</span></td><td class=\"num\">")
                    .append(s.runId() == null ? "" : s.runId()).append("</td><td>").append(escape(s.host()))
                    .append("</td><td>").append(s.runId() == null ? "" : s.gpu().isEmpty() ? "no GPU" : escape(s.gpu()))
                    .append("</td><td>").append(s.board().isEmpty() ? "" : "<code>" + escape(shortBoard(s.board()))
                            + "</code>")
                    .append("</td><td><code>").append(escape(s.fingerprint())).append("</code></td><td class=\"num\">")
                    .append(s.planned() == null ? "" : s.planned()).append("</td><td class=\"num\">").append(s.recorded())
                    .append("</td><td class=\"num\">").append(s.measured()).append("</td><td class=\"num\">")
                    .append(s.failed()).append("</td><td class=\"num\">")
                    .append(s.wallSeconds() == null ? "" : Figures.sig(s.wallSeconds()) + " s").append("</td><td>")
                    .append(escape(s.note())).append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    /** "GPU-2450be55" for a UUID (its first 12 characters), each of several boards so. */
    private static String shortBoard(String keys) {
        List<String> out = new ArrayList<>();
        for (String k : keys.split(", ")) {
            out.add(k.startsWith("GPU-") && k.length() > 12 ? k.substring(0, 12) : k);
        }
        return String.join(", ", out);
    }

    /**
     * The nodes grouped by the board they ran on, when any shard recorded one: boards of one model share
     * an environment and differ by an offset, so which shards share a board says which absolute times
     * compare most closely. Nothing when no shard recorded a board.
     */
    private static void byBoard(StringBuilder out, RunGroup g) {
        Map<String, List<RunGroup.Shard>> byBoard = new LinkedHashMap<>();
        for (RunGroup.Shard s : g.shards()) {
            if (s.runId() != null) {
                byBoard.computeIfAbsent(s.board(), k -> new ArrayList<>()).add(s);
            }
        }
        if (byBoard.keySet().stream().allMatch(String::isEmpty)) {
            return;
        }
        out.append("<h3>Boards</h3>\n<p class=\"note\">").append(byBoard.size()).append(byBoard.size() == 1
                ? " board: every shard ran on it." : " boards. Boards of one model share an environment and differ "
                + "by an offset in time and energy: absolute times compare most closely between shards of one board.")
                .append("</p>\n<table class=\"pairs\">\n<tr><th>board</th><th>shards</th><th>nodes</th><th>GPU</th>")
                .append("</tr>\n");
        for (Map.Entry<String, List<RunGroup.Shard>> e : byBoard.entrySet()) {
            TreeSet<String> hosts = new TreeSet<>();
            TreeSet<String> gpus = new TreeSet<>();
            e.getValue().forEach(s -> {
                hosts.add(s.host());
                gpus.add(s.gpu().isEmpty() ? "no GPU" : s.gpu());
            });
            out.append("<tr><td>").append(e.getKey().isEmpty() ? "none recorded" : "<code title=\""
                    + escape(e.getKey()) + "\">" + escape(shortBoard(e.getKey())) + "</code>").append("</td><td>")
                    .append(escape(String.join(", ", e.getValue().stream().map(RunGroup.Shard::shard).toList())))
                    .append("</td><td>").append(escape(String.join(", ", hosts))).append("</td><td>")
                    .append(escape(String.join(", ", gpus))).append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    /** Where each benchmark ran, one table per environment; the fields that set environments apart above each. */
    private static void byEnvironment(StringBuilder out, RunGroup g, List<BenchmarkEntry> benchmarks) {
        Map<String, List<Integer>> byFingerprint = new LinkedHashMap<>();
        for (int i = 0; i < benchmarks.size(); i++) {
            BenchmarkEntry b = benchmarks.get(i);
            String f = b.origin() == null ? "" : Objects.requireNonNullElse(b.origin().fingerprint(), "");
            byFingerprint.computeIfAbsent(f, k -> new ArrayList<>()).add(i);
        }
        boolean several = g.fingerprints().size() > 1;
        out.append("<h3>Where each benchmark ran</h3>\n").append(several ? "<p class=\"note\">The nodes' environments "
                + "differ: one table per environment, its distinguishing fields above it.</p>\n"
                : "<p class=\"note\">Every shard ran in one environment (its fields are at the foot of the page).</p>\n");
        for (Map.Entry<String, List<Integer>> e : byFingerprint.entrySet()) {
            if (several || e.getKey().isEmpty()) {
                out.append("<h4>").append(e.getKey().isEmpty() ? "not measured (no shard recorded these)"
                        : "environment <code>" + escape(e.getKey()) + "</code>").append("</h4>\n");
                if (several && !e.getKey().isEmpty()) {
                    distinguishing(out, g, e.getKey());
                }
            }
            out.append("<table class=\"overview\">\n<tr><th>benchmark</th><th>shard</th><th>node</th><th>tier</th>")
                    .append("<th class=\"num\">median</th><th class=\"num\">interval</th></tr>\n");
            for (int i : e.getValue()) {
                BenchmarkEntry b = benchmarks.get(i);
                boolean ok = "ok".equals(b.status()) && b.summary() != null;
                out.append("<tr><td><a href=\"#").append(ok ? "b" + i : "not-measured").append("\"><code>")
                        .append(Html.breakable(b.id())).append("</code></a></td><td>")
                        .append(b.origin() == null ? "" : escape(b.origin().shard())).append("</td><td>")
                        .append(b.origin() == null ? "" : escape(b.origin().host())).append("</td><td>")
                        .append(ok ? Cells.tierBadge(b.tier()) : Cells.statusBadge(b)).append("</td><td class=\"num\">")
                        .append(ok ? Figures.time(b.summary().median(), Cells.unitOf(b)) : "").append("</td><td class=\"num\">")
                        .append(ok ? Figures.intervalIn(b.summary().lower(), b.summary().upper(), Cells.unitOf(b)) : "")
                        .append("</td></tr>\n");
            }
            out.append("</table>\n");
        }
    }

    /** The fields of environment {@code digest} whose values another environment of the group does not share. */
    private static void distinguishing(StringBuilder out, RunGroup g, String digest) {
        Map<String, String> mine = g.fingerprints().getOrDefault(digest, Map.of());
        TreeSet<String> keys = new TreeSet<>();
        g.fingerprints().values().forEach(f -> keys.addAll(f.keySet()));
        out.append("<table>\n");
        for (String k : keys) {
            String v = mine.get(k);
            boolean shared = g.fingerprints().values().stream().allMatch(f -> Objects.equals(f.get(k), v));
            if (!shared) {
                out.append("<tr><td>").append(escape(k)).append("</td><td><code>").append(escape(v == null ? "(none)" : v))
                        .append("</code></td></tr>\n");
            }
        }
        out.append("</table>\n");
    }
}
