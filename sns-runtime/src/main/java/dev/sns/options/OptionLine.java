package dev.sns.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The text form of options: {@code key=value;key=value} (JMH's {@code -prof name:options} style,
 * also used by {@code @GpuTiming}). Parses into an ordered map, formats the help table, and finds the
 * key a misspelt one was meant to be. Knows no option itself.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class OptionLine {
    private OptionLine() {}

    /** Thrown for a line that is just {@code help}, carrying the help text. */
    public static final class HelpRequested extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        /**
         * Carries the help.
         *
         * @param help the help text to print, as the message
         */
        public HelpRequested(String help) {
            super(help);
        }
    }

    /**
     * The pairs of a line, in order.
     *
     * @param line entries separated by ';' (a value that holds one writes it {@code \;}, and a
     *     backslash {@code \\}); null or blank entries are skipped
     * @param helpText what an entry {@code help} throws
     * @return keys and values, trimmed, in order of first appearance; a later value of a key replaces
     *     an earlier one
     * @throws HelpRequested for an entry {@code help}, carrying {@code helpText}
     * @throws IllegalArgumentException for an entry without '=' or without a key, naming it
     */
    public static Map<String, String> parse(String line, String helpText) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : split(line == null ? "" : line)) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals("help")) {
                throw new HelpRequested(helpText);
            }
            int eq = p.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("sns option '" + p + "' has no value: write key=value, e.g. "
                        + "timer=cuda (-prof sns:help lists the options)");
            }
            if (p.substring(0, eq).isBlank()) {
                throw new IllegalArgumentException("sns option '" + p + "' has no key: write key=value, e.g. "
                        + "timer=cuda (-prof sns:help lists the options)");
            }
            out.put(p.substring(0, eq).trim(), p.substring(eq + 1).trim());
        }
        return out;
    }

    /** The entries of a line: split at each ';' that no backslash escapes, escapes removed. */
    static java.util.List<String> split(String line) {
        java.util.List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length() && (line.charAt(i + 1) == ';' || line.charAt(i + 1) == '\\')) {
                cur.append(line.charAt(++i));
            } else if (c == ';') {
                parts.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        parts.add(cur.toString());
        return parts;
    }

    /**
     * The help table.
     *
     * @param title the first line
     * @param specs the options, in the order to list them
     * @return the title, then per option its key, default, accepted values and meaning
     */
    public static String help(String title, List<? extends OptionSpec> specs) {
        StringBuilder sb = new StringBuilder(title).append('\n');
        for (OptionSpec s : specs) {
            sb.append(String.format(Locale.ROOT, "  %-14s default %-12s %s%n      %s%n", s.key(),
                    s.defaultText().isEmpty() ? "(none)" : s.defaultText(), s.values(), s.help()));
        }
        return sb.toString();
    }

    /**
     * The error for an unknown key.
     *
     * @param key the key as written
     * @param specs the options there are
     * @return an exception naming the key, a guess at the one meant, and the keys there are
     */
    public static IllegalArgumentException unknown(String key, List<? extends OptionSpec> specs) {
        List<String> keys = new ArrayList<>();
        for (OptionSpec s : specs) {
            keys.add(s.key());
        }
        return new IllegalArgumentException("unknown sns option '" + key + "'" + suggestion(key, keys) + ". Options: "
                + String.join(", ", keys) + " (-prof sns:help describes them)");
    }

    /** " (did you mean K?)" for the first key that {@code key} is a prefix of (or the other way), else "". */
    static String suggestion(String key, List<String> keys) {
        String lower = key.toLowerCase(Locale.ROOT);
        for (String k : keys) {
            String kl = k.toLowerCase(Locale.ROOT);
            if (kl.startsWith(lower) || lower.startsWith(kl)) {
                return " (did you mean " + k + "?)";
            }
        }
        return "";
    }
}
