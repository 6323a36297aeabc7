package dev.sns.reports.compare;

import java.util.Locale;

/** The forms a {@link RunComparison} is written in: for people (text, Markdown) and for machines (CSV, JSON). */
public enum RunComparisonFormat {
    /** Aligned plain text for a terminal or a CI log. */
    TEXT,
    /** GitHub-flavoured Markdown tables, for a pull-request comment or a job summary. */
    MARKDOWN,
    /** One row per benchmark and per comparison; columns in SCHEMA.md. */
    CSV,
    /** Sorted-key JSON, schema "sns-compare" version 1; fields in SCHEMA.md. */
    JSON;

    /** The comparison in this format, ending in a newline. */
    public String format(RunComparison c) {
        return switch (this) {
            case TEXT -> TextComparisonWriter.write(c);
            case MARKDOWN -> MarkdownComparisonWriter.write(c);
            case CSV -> CsvComparisonWriter.write(c);
            case JSON -> JsonComparisonWriter.write(c);
        };
    }

    /** The format named {@code name} (text, markdown, csv or json; any case). */
    public static RunComparisonFormat parse(String name) {
        for (RunComparisonFormat f : values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "': use text, markdown, csv or json");
    }

    /** The lower-case name, as the command line spells it. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
