package dev.sns.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * Which physical board a GPU is: its UUID, serial, VBIOS and board part number, its power limits, ECC,
 * PCIe link, persistence and MIG modes, and its module id. Boards of one model differ (on H200s of one
 * host the same copy at the same speed drew 443.5 W on one board and 391.8 W on another), so the
 * board is recorded beside the {@link EnvironmentFingerprint}, which says what "comparable" means
 * (model, driver, CUDA, JVM): two boards of one environment are comparable, and differ by an offset.
 *
 * <p>A field that could not be read is an empty {@code Optional} and {@link #missing()} names why
 * ({@code "NOT_SUPPORTED"}, {@code "NO_PERMISSION"}, {@code "no sensor library"}): never a blank or -1.
 * {@link #unknown(String)} is a board of which nothing could be read.
 *
 * @param uuid "GPU-" and the 128-bit UUID, as NVML and {@code nvidia-smi -L} write it
 * @param serial the board's serial number
 * @param vbiosVersion the VBIOS version, e.g. "96.00.A5.00.1A"
 * @param boardPartNumber the board part number
 * @param powerLimitWatts the power limit in force, watts
 * @param defaultPowerLimitWatts the board's default power limit, watts
 * @param eccEnabled whether ECC is on (the current mode)
 * @param pcieLinkGeneration the PCIe link generation now (it may drop when idle)
 * @param pcieLinkWidth the PCIe link width now, lanes
 * @param pcieMaxLinkGeneration the highest PCIe link generation of the board and system
 * @param pcieMaxLinkWidth the widest PCIe link of the board and system, lanes
 * @param persistenceMode whether the driver's persistence mode is on
 * @param migMode whether MIG is on (the current mode)
 * @param moduleId the module id on a board of several modules (an HGX baseboard's slot)
 * @param missing each absent field's name to why it is absent, sorted by name
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2.0")
public record BoardIdentity(
        Optional<String> uuid,
        Optional<String> serial,
        Optional<String> vbiosVersion,
        Optional<String> boardPartNumber,
        Optional<Double> powerLimitWatts,
        Optional<Double> defaultPowerLimitWatts,
        Optional<Boolean> eccEnabled,
        Optional<Integer> pcieLinkGeneration,
        Optional<Integer> pcieLinkWidth,
        Optional<Integer> pcieMaxLinkGeneration,
        Optional<Integer> pcieMaxLinkWidth,
        Optional<Boolean> persistenceMode,
        Optional<Boolean> migMode,
        Optional<Integer> moduleId,
        Map<String, String> missing) {

    /** The field names, in the order of the components (what {@link #asMap()} and {@link #missing()} use). */
    public static final List<String> FIELDS = List.of("uuid", "serial", "vbiosVersion", "boardPartNumber",
            "powerLimitWatts", "defaultPowerLimitWatts", "eccEnabled", "pcieLinkGeneration", "pcieLinkWidth",
            "pcieMaxLinkGeneration", "pcieMaxLinkWidth", "persistenceMode", "migMode", "moduleId");

    /**
     * Checks that every absent field has a reason and no present one has.
     *
     * @param uuid "GPU-" and the 128-bit UUID
     * @param serial the board's serial number
     * @param vbiosVersion the VBIOS version
     * @param boardPartNumber the board part number
     * @param powerLimitWatts the power limit in force, watts
     * @param defaultPowerLimitWatts the default power limit, watts
     * @param eccEnabled whether ECC is on
     * @param pcieLinkGeneration the PCIe link generation now
     * @param pcieLinkWidth the PCIe link width now
     * @param pcieMaxLinkGeneration the highest PCIe link generation
     * @param pcieMaxLinkWidth the widest PCIe link
     * @param persistenceMode whether persistence mode is on
     * @param migMode whether MIG is on
     * @param moduleId the module id
     * @param missing each absent field's name to why it is absent
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if an absent field has no reason, a present one has one, a reason
     *     names no field, a text is blank or a number is not positive and finite
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BoardIdentity {
        Map<String, String> m = new TreeMap<>(Objects.requireNonNull(missing, "missing"));
        List<Optional<?>> values = List.of(Objects.requireNonNull(uuid, "uuid"), Objects.requireNonNull(serial, "serial"),
                Objects.requireNonNull(vbiosVersion, "vbiosVersion"),
                Objects.requireNonNull(boardPartNumber, "boardPartNumber"),
                Objects.requireNonNull(powerLimitWatts, "powerLimitWatts"),
                Objects.requireNonNull(defaultPowerLimitWatts, "defaultPowerLimitWatts"),
                Objects.requireNonNull(eccEnabled, "eccEnabled"),
                Objects.requireNonNull(pcieLinkGeneration, "pcieLinkGeneration"),
                Objects.requireNonNull(pcieLinkWidth, "pcieLinkWidth"),
                Objects.requireNonNull(pcieMaxLinkGeneration, "pcieMaxLinkGeneration"),
                Objects.requireNonNull(pcieMaxLinkWidth, "pcieMaxLinkWidth"),
                Objects.requireNonNull(persistenceMode, "persistenceMode"), Objects.requireNonNull(migMode, "migMode"),
                Objects.requireNonNull(moduleId, "moduleId"));
        for (String k : m.keySet()) {
            if (!FIELDS.contains(k)) {
                throw new IllegalArgumentException("missing names no board field: '" + k + "' (fields: " + FIELDS + ")");
            }
        }
        for (int i = 0; i < FIELDS.size(); i++) {
            String name = FIELDS.get(i);
            Optional<?> v = values.get(i);
            String why = m.get(name);
            if (v.isEmpty() && (why == null || why.isBlank())) {
                throw new IllegalArgumentException("board field " + name + " is absent without a reason");
            }
            if (v.isPresent() && why != null) {
                throw new IllegalArgumentException("board field " + name + " = " + v.get()
                        + " is present, yet missing gives a reason (" + why + ")");
            }
            v.ifPresent(x -> checkValue(name, x));
        }
        missing = Collections.unmodifiableMap(m);
    }

    private static void checkValue(String name, Object x) {
        if (x instanceof String s && s.isBlank()) {
            throw new IllegalArgumentException("board field " + name + " is blank: leave it absent with a reason");
        }
        if (x instanceof Double d && !(d > 0 && Double.isFinite(d))) {
            throw new IllegalArgumentException("board field " + name + " must be positive and finite, got " + d);
        }
        if (x instanceof Integer n && n < 0) {
            throw new IllegalArgumentException("board field " + name + " must not be negative, got " + n);
        }
    }

    /**
     * A board of which nothing could be read.
     *
     * @param why why not, e.g. "no GPU" or "no sensor library (NVML: libnvidia-ml.so.1 not found)"
     * @return a board with every field absent for that reason
     */
    public static BoardIdentity unknown(String why) {
        return builder().build(why);
    }

    /**
     * A builder; fields not set are absent with the reason given to {@link Builder#build(String)} or
     * {@link Builder#absent(String, String)}.
     *
     * @return an empty builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * What names this board among others: its UUID, else "serial:" and its serial, else "" (unknown).
     *
     * @return the key under which a history groups runs by board
     */
    public String key() {
        return uuid.orElseGet(() -> serial.map(s -> "serial:" + s).orElse(""));
    }

    /**
     * Whether any field was read.
     *
     * @return false for a board of which nothing is known
     */
    public boolean known() {
        return missing.size() < FIELDS.size();
    }

    /**
     * The present fields as text, by name, in the order of {@link #FIELDS}: numbers in
     * {@link Locale#ROOT} ("700" or "700.5" watts), booleans "true"/"false". Absent fields are left out
     * ({@link #missing()} names them), so the map and {@code missing} together say everything.
     *
     * @return the fields as text
     */
    public Map<String, String> asMap() {
        Map<String, String> out = new LinkedHashMap<>();
        List<Optional<?>> values = values();
        for (int i = 0; i < FIELDS.size(); i++) {
            String name = FIELDS.get(i);
            values.get(i).ifPresent(v -> out.put(name, text(v)));
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * The board that {@link #asMap()} and {@link #missing()} wrote: the inverse of both.
     *
     * @param fields present fields as text, by name
     * @param missing each absent field's reason, by name; a field in neither map is absent as "not recorded"
     * @return the board
     * @throws IllegalArgumentException if a field's text does not parse, naming the field and value
     */
    public static BoardIdentity fromMaps(Map<String, String> fields, Map<String, String> missing) {
        Builder b = builder();
        fields.forEach((k, v) -> b.text(k, v));
        missing.forEach((k, v) -> {
            if (!fields.containsKey(k)) {
                b.absent(k, v);
            }
        });
        return b.build("not recorded");
    }

    private List<Optional<?>> values() {
        return List.of(uuid, serial, vbiosVersion, boardPartNumber, powerLimitWatts, defaultPowerLimitWatts, eccEnabled,
                pcieLinkGeneration, pcieLinkWidth, pcieMaxLinkGeneration, pcieMaxLinkWidth, persistenceMode, migMode,
                moduleId);
    }

    private static String text(Object v) {
        if (v instanceof Double d) {
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : Double.toString(d);
        }
        return v.toString();
    }

    /** Builds a {@link BoardIdentity} field by field; every setter takes a null as "not read". */
    public static final class Builder {
        private final Map<String, Object> values = new TreeMap<>();
        private final Map<String, String> missing = new TreeMap<>();

        private Builder() {}

        /**
         * Sets a field from its value.
         *
         * @param field one of {@link #FIELDS}
         * @param value its value, of the field's type (String, Double, Boolean or Integer)
         * @return this builder
         * @throws IllegalArgumentException if the field is unknown or the value of another type
         */
        public Builder set(String field, Object value) {
            Class<?> type = typeOf(field);
            if (value != null && !type.isInstance(value)) {
                throw new IllegalArgumentException("board field " + field + " takes a " + type.getSimpleName()
                        + ", got " + value.getClass().getSimpleName() + " " + value);
            }
            if (value != null) {
                values.put(field, value);
                missing.remove(field);
            }
            return this;
        }

        /**
         * Sets a field from its text, as {@link #asMap()} writes it.
         *
         * @param field one of {@link #FIELDS}
         * @param text its value as text
         * @return this builder
         * @throws IllegalArgumentException if the text does not parse as the field's type
         */
        public Builder text(String field, String text) {
            Class<?> type = typeOf(field);
            Function<String, Object> parse = type == Double.class ? Double::valueOf
                    : type == Integer.class ? Integer::valueOf
                    : type == Boolean.class ? Builder::bool : s -> s;
            try {
                return set(field, parse.apply(text.trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("board field " + field + ": '" + text + "' is not a "
                        + type.getSimpleName(), e);
            }
        }

        private static Boolean bool(String s) {
            if (s.equals("true") || s.equals("false")) {
                return Boolean.valueOf(s);
            }
            throw new IllegalArgumentException("not true or false");
        }

        /**
         * Leaves a field absent, and says why.
         *
         * @param field one of {@link #FIELDS}
         * @param why the reason, e.g. "NOT_SUPPORTED"
         * @return this builder
         */
        public Builder absent(String field, String why) {
            typeOf(field);
            values.remove(field);
            missing.put(field, why);
            return this;
        }

        /**
         * The board.
         *
         * @param whyUnset the reason of every field neither set nor marked absent
         * @return the board
         */
        public BoardIdentity build(String whyUnset) {
            Map<String, String> m = new TreeMap<>(missing);
            for (String f : FIELDS) {
                if (!values.containsKey(f) && !m.containsKey(f)) {
                    m.put(f, whyUnset);
                }
            }
            return new BoardIdentity(get("uuid", String.class), get("serial", String.class),
                    get("vbiosVersion", String.class), get("boardPartNumber", String.class),
                    get("powerLimitWatts", Double.class), get("defaultPowerLimitWatts", Double.class),
                    get("eccEnabled", Boolean.class), get("pcieLinkGeneration", Integer.class),
                    get("pcieLinkWidth", Integer.class), get("pcieMaxLinkGeneration", Integer.class),
                    get("pcieMaxLinkWidth", Integer.class), get("persistenceMode", Boolean.class),
                    get("migMode", Boolean.class), get("moduleId", Integer.class), m);
        }

        private <T> Optional<T> get(String field, Class<T> type) {
            return Optional.ofNullable(type.cast(values.get(field)));
        }

        private static Class<?> typeOf(String field) {
            return switch (field) {
                case "uuid", "serial", "vbiosVersion", "boardPartNumber" -> String.class;
                case "powerLimitWatts", "defaultPowerLimitWatts" -> Double.class;
                case "eccEnabled", "persistenceMode", "migMode" -> Boolean.class;
                case "pcieLinkGeneration", "pcieLinkWidth", "pcieMaxLinkGeneration", "pcieMaxLinkWidth",
                        "moduleId" -> Integer.class;
                default -> throw new IllegalArgumentException("no board field '" + field + "' (fields: " + FIELDS
                        + ")");
            };
        }
    }
}
