package dev.sns.reports.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.sns.reports.compare.RunComparison.BenchmarkChange;
import dev.sns.reports.compare.RunComparison.RatioChange;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The comparison as JSON: sorted keys, "\n" line ends, schema "sns-compare" version 1 (see SCHEMA.md). */
final class JsonComparisonWriter {
    static final String SCHEMA = "sns-compare";
    static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private JsonComparisonWriter() {}

    /** The document written: the comparison plus its schema, counts and the regression flag. */
    record Document(String schema, int schemaVersion, @JsonProperty("old") RunComparison.Run before,
                    @JsonProperty("new") RunComparison.Run after, double threshold, List<String> fingerprintDifferences,
                    List<BenchmarkChange> benchmarks, List<RatioChange> comparisons, Map<String, Integer> counts,
                    boolean regression) {}

    static String write(RunComparison c) {
        Map<String, Integer> counts = new TreeMap<>();
        c.counts().forEach((k, v) -> counts.put(k.name(), v));
        Document d = new Document(SCHEMA, SCHEMA_VERSION, c.before(), c.after(), c.threshold(),
                c.fingerprintDifferences(), c.benchmarks(), c.comparisons(), counts, c.hasRegression());
        try {
            return MAPPER.writer(PRINTER).writeValueAsString(d) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the comparison as JSON: " + e.getMessage(), e);
        }
    }
}
