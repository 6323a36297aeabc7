package dev.sns.reports.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments after the command: positionals and options, each option taking a value
 * ({@code --name value} or {@code --name=value}). Unknown options and repeated ones are errors;
 * {@code --} ends the options.
 *
 * @param positionals the arguments that are not options, in order
 * @param options option name (as declared, e.g. "--format") to value
 */
record CommandLine(List<String> positionals, Map<String, String> options) {
    /**
     * Parses {@code args}.
     *
     * @param aliases short spellings to the declared name ("-o" to "--output")
     * @param declared the option names the command accepts
     */
    static CommandLine parse(List<String> args, Set<String> declared, Map<String, String> aliases)
            throws UsageException {
        List<String> positionals = new ArrayList<>();
        Map<String, String> options = new LinkedHashMap<>();
        boolean onlyPositionals = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (onlyPositionals || !a.startsWith("-") || a.equals("-")) {
                positionals.add(a);
                continue;
            }
            if (a.equals("--")) {
                onlyPositionals = true;
                continue;
            }
            int eq = a.indexOf('=');
            String name = aliases.getOrDefault(eq < 0 ? a : a.substring(0, eq), eq < 0 ? a : a.substring(0, eq));
            if (!declared.contains(name)) {
                throw new UsageException("unknown option " + (eq < 0 ? a : a.substring(0, eq))
                        + (declared.isEmpty() ? "" : " (this command takes " + String.join(", ", new java.util.TreeSet<>(declared)) + ")"));
            }
            String value;
            if (eq >= 0) {
                value = a.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new UsageException("option " + a + " needs a value");
            }
            if (options.put(name, value) != null) {
                throw new UsageException("option " + name + " given twice");
            }
        }
        return new CommandLine(List.copyOf(positionals), Map.copyOf(options));
    }

    /** The option's value, or {@code otherwise} when it was not given. */
    String option(String name, String otherwise) {
        return options.getOrDefault(name, otherwise);
    }
}
