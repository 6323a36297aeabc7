package dev.sns.jmh.host;

import dev.sns.jmh.annotations.Baseline;
import dev.sns.jmh.link.LegacyAnnotations;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which benchmarks are compared with which: from {@link Baseline} annotations and from the
 * {@code pair} option. Resolved against every benchmark in the jar, before anything runs; a
 * baseline that does not exist, matches several benchmarks, or is the candidate itself is an
 * error naming it.
 */
public final class Pairs {
    /** A candidate benchmark and its baseline (full JMH names, Class.method). */
    public record Pair(String candidate, String baseline, String origin) {}

    private Pairs() {}

    /**
     * @param all every benchmark name in the jar
     * @param selected the benchmarks the run selected
     * @param pairOption the {@code pair} option ("" for none): CANDIDATE_REGEX->BASELINE, the
     *     baseline may refer to the regex's groups ($1)
     * @param classLoader where the benchmark classes are, for their annotations
     */
    public static List<Pair> resolve(Collection<String> all, Collection<String> selected, String pairOption,
                                     ClassLoader classLoader) {
        Set<String> names = new TreeSet<>(all);
        Map<String, Pair> pairs = new LinkedHashMap<>();
        for (String candidate : new LinkedHashSet<>(selected)) {
            String ann = annotatedBaseline(candidate, classLoader);
            if (ann != null) {
                pairs.put(candidate, new Pair(candidate, find(candidate, qualify(candidate, ann), names, "@Baseline"),
                        "@Baseline"));
            }
        }
        if (pairOption != null && !pairOption.isBlank()) {
            int arrow = pairOption.indexOf("->");
            if (arrow <= 0 || arrow + 2 >= pairOption.length()) {
                throw new IllegalArgumentException("pair=" + pairOption + " must be CANDIDATE_REGEX->BASELINE, e.g. "
                        + "pair=(.*)\\.fast->$1.slow");
            }
            Pattern regex;
            try {
                regex = Pattern.compile(pairOption.substring(0, arrow));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("pair=" + pairOption + ": bad candidate regex: " + e.getDescription());
            }
            String template = pairOption.substring(arrow + 2);
            for (String candidate : new LinkedHashSet<>(selected)) {
                Matcher m = regex.matcher(candidate);
                if (!m.matches()) {
                    continue;
                }
                String wanted;
                try {
                    wanted = m.replaceFirst(template);
                } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
                    throw new IllegalArgumentException("pair=" + pairOption + ": the baseline '" + template
                            + "' refers to a group the regex lacks: " + e.getMessage());
                }
                String baseline = find(candidate, wanted, names, "pair option");
                Pair existing = pairs.get(candidate);
                if (existing != null && !existing.baseline().equals(baseline)) {
                    throw new IllegalArgumentException(candidate + " has two baselines: " + existing.baseline()
                            + " (" + existing.origin() + ") and " + baseline + " (pair option); keep one");
                }
                pairs.putIfAbsent(candidate, new Pair(candidate, baseline, "pair option"));
            }
        }
        return new ArrayList<>(pairs.values());
    }

    /** Groups of benchmarks linked by pairs (a shared baseline joins its candidates), in first-seen order. */
    public static List<List<String>> groups(List<Pair> pairs) {
        List<Set<String>> groups = new ArrayList<>();
        for (Pair p : pairs) {
            Set<String> joined = new LinkedHashSet<>();
            joined.add(p.candidate());
            joined.add(p.baseline());
            List<Set<String>> merged = new ArrayList<>();
            for (Set<String> g : groups) {
                if (g.contains(p.candidate()) || g.contains(p.baseline())) {
                    joined.addAll(g);
                } else {
                    merged.add(g);
                }
            }
            Set<String> ordered = new LinkedHashSet<>();
            for (Set<String> g : groups) {
                if (g.contains(p.candidate()) || g.contains(p.baseline())) {
                    ordered.addAll(g);
                }
            }
            ordered.addAll(joined);
            merged.add(ordered);
            groups = merged;
        }
        List<List<String>> out = new ArrayList<>();
        for (Set<String> g : groups) {
            out.add(new ArrayList<>(g));
        }
        return out;
    }

    private static String qualify(String candidate, String baseline) {
        if (baseline.contains(".")) {
            return baseline;
        }
        return candidate.substring(0, candidate.lastIndexOf('.') + 1) + baseline;
    }

    /** The one benchmark named {@code wanted} (exactly, or by a unique ".suffix"). */
    private static String find(String candidate, String wanted, Set<String> names, String origin) {
        String found;
        if (names.contains(wanted)) {
            found = wanted;
        } else {
            List<String> matches = names.stream().filter(n -> n.endsWith("." + wanted)).toList();
            if (matches.isEmpty()) {
                throw new IllegalArgumentException("the baseline '" + wanted + "' of " + candidate + " (" + origin
                        + ") is not a benchmark in this jar" + near(candidate, names));
            }
            if (matches.size() > 1) {
                throw new IllegalArgumentException("the baseline '" + wanted + "' of " + candidate + " (" + origin
                        + ") is ambiguous: it matches " + String.join(", ", matches) + "; qualify it with its package");
            }
            found = matches.get(0);
        }
        if (found.equals(candidate)) {
            throw new IllegalArgumentException(candidate + " names itself as its baseline (" + origin
                    + "): a benchmark cannot be compared with itself; name another benchmark");
        }
        return found;
    }

    private static String near(String candidate, Set<String> names) {
        String cls = candidate.substring(0, candidate.lastIndexOf('.') + 1);
        List<String> same = names.stream().filter(n -> n.startsWith(cls)).map(n -> n.substring(cls.length())).toList();
        return same.isEmpty() ? "" : "; benchmarks of its class: " + String.join(", ", same);
    }

    private static String annotatedBaseline(String benchmark, ClassLoader loader) {
        int dot = benchmark.lastIndexOf('.');
        try {
            Class<?> c = Class.forName(benchmark.substring(0, dot), false, loader);
            for (Method m : c.getMethods()) {
                if (m.getName().equals(benchmark.substring(dot + 1)) && m.isAnnotationPresent(Baseline.class)) {
                    return m.getAnnotation(Baseline.class).value();
                }
                if (m.getName().equals(benchmark.substring(dot + 1))) {
                    String legacy = LegacyAnnotations.value(m, LegacyAnnotations.BASELINE, "value");
                    if (legacy != null) {
                        return legacy;
                    }
                }
            }
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
        return null;
    }
}
