package dev.sns.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code ncu --csv --page raw --metrics gpu__time_duration.sum} output: the header row (with
 * "Kernel Name" and the metric), an optional units row, then one row per profiled kernel launch, in
 * launch order. ncu's own log lines ({@code ==PROF==}) and the target's output are skipped.
 */
final class NcuCsv {
    static final String METRIC = "gpu__time_duration.sum";

    private NcuCsv() {}

    /** One profiled launch: its kernel's name as ncu printed it, and its duration. */
    record Launch(String kernel, double nanos) {}

    /** Every launch's duration in nanoseconds, in the order ncu printed them. */
    static List<Double> durationsNanos(List<String> lines) {
        return launches(lines).stream().map(Launch::nanos).toList();
    }

    /** Every launch, with its kernel's name, in the order ncu printed them. */
    static List<Launch> launches(List<String> lines) {
        return launches(lines, METRIC);
    }

    /**
     * Every launch's value of one metric (its {@code nanos} holds the value in the metric's base unit: a
     * duration in nanoseconds, a rate per second), with its kernel's name, in the order ncu printed them.
     */
    static List<Launch> launches(List<String> lines, String metric) {
        List<Launch> out = new ArrayList<>();
        int column = -1;
        int name = -1;
        double scale = 1;
        for (String line : lines) {
            if (!line.startsWith("\"")) {
                continue;
            }
            List<String> cells = cells(line);
            if (cells.contains(metric) && cells.contains("Kernel Name")) {
                column = cells.indexOf(metric);
                name = cells.indexOf("Kernel Name");
                continue;
            }
            if (column < 0 || column >= cells.size()) {
                continue;
            }
            String v = cells.get(column).replace(",", "").trim();
            Double unit = unit(v);
            if (unit != null) {
                scale = unit;
                continue;
            }
            try {
                out.add(new Launch(name < cells.size() ? cells.get(name) : "", Double.parseDouble(v) * scale));
            } catch (NumberFormatException e) {
                // not a launch row
            }
        }
        return out;
    }

    private static Double unit(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "nsecond", "ns" -> 1.0;
            case "usecond", "us" -> 1e3;
            case "msecond", "ms" -> 1e6;
            case "second", "s" -> 1e9;
            default -> null;
        };
    }

    /** The cells of one CSV line, quotes removed ("" inside a cell is a quote). */
    static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        out.add(cell.toString());
        return out;
    }
}
