package dev.sns.contract.docs;

import java.util.List;

/** Markdown tables for the generated pages: cells escaped, one row per line. */
final class Markdown {
    private Markdown() {}

    /** A table: the header row, the rule, then the rows. */
    static String table(List<String> header, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        row(sb, header);
        sb.append('|');
        for (int i = 0; i < header.size(); i++) {
            sb.append("---|");
        }
        sb.append('\n');
        for (List<String> r : rows) {
            if (r.size() != header.size()) {
                throw new IllegalArgumentException("a row of " + r.size() + " cells under " + header.size() + " columns: " + r);
            }
            row(sb, r);
        }
        return sb.toString();
    }

    /** Text as code ({@code `text`}), or "" for empty text. */
    static String code(String text) {
        return text == null || text.isEmpty() ? "" : "`" + text + "`";
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) {
            sb.append(' ').append(cell(c)).append(" |");
        }
        sb.append('\n');
    }

    private static String cell(String text) {
        return text == null ? "" : text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ");
    }
}
