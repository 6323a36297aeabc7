package dev.sns.contract.docs;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.options.OptionSpec;
import dev.sns.options.TimingOption;
import dev.sns.options.TimingOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Every part of the docs the code generates, and how. Each reference page reads the one table the
 * code keeps of its subject (options: {@link TimingOptions} and {@link ProfilerOptions}; result
 * fields: {@code dev.sns.reports.ResultFields}, through {@link ResultFieldDocs}; the reports command
 * line: picocli's usage; exit codes: their tables, {@link ReferencePages}), so the docs cannot drift
 * from the code without {@link GeneratedDocsTest} failing.
 */
final class GeneratedDocs {
    private GeneratedDocs() {}

    static final List<GeneratedText> ALL = all();

    private static List<GeneratedText> all() {
        List<GeneratedText> all = new ArrayList<>();
        all.add(GeneratedText.file("docs/reference/options.md", GeneratedDocs::options));
        all.add(GeneratedText.file("docs/reference/reports-cli.md", ReferencePages::reportsCli));
        all.add(GeneratedText.file("docs/reference/exit-codes.md", ReferencePages::exitCodes));
        all.addAll(ResultFieldDocs.parts());
        return List.copyOf(all);
    }

    /** The options: timing options (every surface), then the keys only {@code -prof sns} has. */
    static String options() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Options reference\n\n")
                .append("Each timing option has one key with one meaning wherever it is set: `-prof sns:key=value;key=value`, ")
                .append("`@GpuTiming(\"key=value;...\")` on a benchmark method or class, ")
                .append("`SnsOptions.builder().set(\"key\", \"value\")` and the builder's method of the same name. ")
                .append("*Where* says where a key may be set: **run** (the Java API and `-prof sns`, once for the run), ")
                .append("**benchmark** (also `@GpuTiming`), **API** (the Java API only; under JMH the last column's ")
                .append("option does its job). `-prof sns:help` prints the same table with the defaults.\n\n");
        List<List<String>> rows = new ArrayList<>();
        for (TimingOption<?> o : TimingOptions.ALL) {
            rows.add(List.of(Markdown.code(o.key()), Markdown.code(o.defaultText()), o.values(),
                    o.scope().name().toLowerCase(Locale.ROOT), o.help(),
                    o.scope() == TimingOption.Scope.API ? o.notUnderJmh() : ""));
        }
        sb.append(Markdown.table(List.of("option", "default", "values", "where", "meaning", "under JMH instead"), rows));
        sb.append("\n## Keys of `-prof sns` only\n\n")
                .append("A JMH run (`-prof sns:...`) also takes these, once for the whole run:\n\n");
        List<List<String>> run = new ArrayList<>();
        List<String> timingKeys = TimingOptions.ALL.stream().map(TimingOption::key).toList();
        for (OptionSpec o : ProfilerOptions.specs()) {
            if (!timingKeys.contains(o.key())) {
                run.add(List.of(Markdown.code(o.key()), Markdown.code(o.defaultText()), o.values(), o.help()));
            }
        }
        sb.append(Markdown.table(List.of("option", "default", "values", "meaning"), run));
        return sb.toString();
    }
}
