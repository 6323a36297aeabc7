package dev.sns.reports;

import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Builds a {@link BenchmarkEntry.Clocks} by name, one setter per field: clocks in MHz, temperatures
 * in degrees Celsius, power in watts, throttle counters in nanoseconds. A field not set stays null
 * (no evidence). Get one from {@link BenchmarkEntry.Clocks#builder()}. Each field sits beside its
 * setter, in the record's order.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class ClocksBuilder {
    private String source;

    /**
     * "nvml", or why there is no evidence.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder source(String v) {
        source = v;
        return this;
    }

    private Boolean locked;

    /**
     * Whether the policy locked the clocks and a readback verified it.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder locked(Boolean v) {
        locked = v;
        return this;
    }

    private Double smMeanMhz;

    /**
     * Mean SM clock over the readings, MHz.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder smMeanMhz(Double v) {
        smMeanMhz = v;
        return this;
    }

    private Double smCvPercent;

    /**
     * Coefficient of variation of the SM clock readings, percent.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder smCvPercent(Double v) {
        smCvPercent = v;
        return this;
    }

    private Double smRangeMhz;

    /**
     * Highest minus lowest SM clock reading, MHz.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder smRangeMhz(Double v) {
        smRangeMhz = v;
        return this;
    }

    private List<Double> smMhz;

    /**
     * SM clock readings in the order taken, MHz.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder smMhz(List<Double> v) {
        smMhz = v;
        return this;
    }

    private List<Double> memMhz;

    /**
     * Memory clock readings taken alongside, MHz.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder memMhz(List<Double> v) {
        memMhz = v;
        return this;
    }

    private List<String> throttleReasons;

    /**
     * Hardware or thermal slowdowns seen; any one makes the tier C.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder throttleReasons(List<String> v) {
        throttleReasons = v;
        return this;
    }

    private List<String> metadataReasons;

    /**
     * Reasons recorded but not counted as throttles.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder metadataReasons(List<String> v) {
        metadataReasons = v;
        return this;
    }

    private Map<String, Long> violationNanos;

    /**
     * How far each throttle-time counter advanced, ns, by counter name.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder violationNanos(Map<String, Long> v) {
        violationNanos = v;
        return this;
    }

    private List<Double> temperatureC;

    /**
     * GPU temperature readings, degrees Celsius.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder temperatureC(List<Double> v) {
        temperatureC = v;
        return this;
    }

    private List<Double> powerW;

    /**
     * Board power readings, watts.
     *
     * @param v the value; null: no evidence
     * @return this builder
     */
    public ClocksBuilder powerW(List<Double> v) {
        powerW = v;
        return this;
    }

    ClocksBuilder() {}

    /**
     * The clock evidence; nothing is checked.
     *
     * @return the evidence of the values set, the others null (the counters empty)
     */
    public BenchmarkEntry.Clocks build() {
        return new BenchmarkEntry.Clocks(source, locked, smMeanMhz, smCvPercent, smRangeMhz, smMhz, memMhz,
                throttleReasons, metadataReasons, violationNanos, temperatureC, powerW);
    }
}
