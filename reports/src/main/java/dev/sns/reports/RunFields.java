package dev.sns.reports;

import static dev.sns.reports.ResultField.Type.BOOLEAN;
import static dev.sns.reports.ResultField.Type.INTEGER;
import static dev.sns.reports.ResultField.Type.MAP_OF_STRING_MAPS;
import static dev.sns.reports.ResultField.Type.NUMBER;
import static dev.sns.reports.ResultField.Type.OBJECT;
import static dev.sns.reports.ResultField.Type.OBJECTS;
import static dev.sns.reports.ResultField.Type.STRING;
import static dev.sns.reports.ResultField.Type.STRINGS;
import static dev.sns.reports.ResultField.Type.STRING_MAP;
import static dev.sns.reports.ResultScope.DEVICE;
import static dev.sns.reports.ResultScope.GROUP;
import static dev.sns.reports.ResultScope.RUN;
import static dev.sns.reports.ResultScope.SHARD;

import java.util.List;

/**
 * The rows of {@link ResultFields} for the run (results.json's top level), the GPUs it measured on
 * ({@code devices[]}) and a merged run group ({@code group}, {@code group.shards[]}). None is in a CSV
 * file; the page shows them in its header, its footer and the group's section.
 */
final class RunFields {
    private RunFields() {}

    static final List<ResultField> ROWS = List.of(
            run("schema", STRING, "always `\"sns-results\"`", "RunReport.schema()", "schema"),
            run("schemaVersion", INTEGER, "`1`; a reader refuses a newer version, naming both",
                    "RunReport.schemaVersion()", "schema"),
            run("snsVersion", STRING, "the sns that wrote the file, e.g. `\"0.1.0\"`; `\"\"` when unknown",
                    "RunReport.snsVersion()", "written by"),
            run("createdAt", STRING, "when the run started, ISO-8601 in UTC, e.g. `\"2025-11-29T14:00:00Z\"`",
                    "RunReport.createdAt()", "run started"),
            run("fingerprint", STRING_MAP, "the environment (see `fingerprint` below)", "RunReport.fingerprint()",
                    "Environment"),
            run("options", STRING_MAP, "every `-prof sns` option of the run, key to value as text (defaults "
                    + "included): the run- and benchmark-scoped keys of sns's one option table "
                    + "(`dev.sns.options.TimingOptions`), then `out`, `formats`, `pair`, `rounds`, `abba`, "
                    + "`failOnSlower`; values in the table's text form (`targetMs` `1`, `seed` `0xC0FFEE`)",
                    "RunReport.options()", "Options"),
            run("seed", STRING, "the bootstrap seed as `0x` and upper-case hex, e.g. `\"0xC0FFEE\"`",
                    "RunReport.seed()", "bootstrap seed"),
            run("benchmarks", OBJECTS, "one entry per benchmark and parameter combination (and GPU, in a run of "
                    + "several), in run order", "RunReport.benchmarks()", "Benchmarks"),
            run("comparisons", OBJECTS, "one entry per candidate-vs-baseline pair (per GPU: both sides ran on the "
                    + "same one)", "RunReport.comparisons()", "Comparisons"),
            run("devices", OBJECTS, "the GPUs the run measured GPU benchmarks on, each with its own fingerprint; "
                    + "absent when the run did not choose devices (JMH's own Main, no GPU)", "RunReport.devices()",
                    "GPU").orLeftOut(),
            run("deviceHealth", OBJECTS, "each benchmark measured on several GPUs, on each GPU against the first; "
                    + "absent with one GPU", "RunReport.deviceHealth()", "Device health").orLeftOut(),
            run("group", OBJECT, "a merged run group's shards (`sns-reports.jar history merge`); absent for one run",
                    "RunReport.group()", "Run group").orLeftOut(),
            run("board", OBJECT, "the GPU's physical board (see `board` below) of a run that did not choose devices "
                    + "(JMH's own Main); absent without a GPU and where `devices` carry each GPU's board",
                    "RunReport.board()", null).orLeftOut(),
            device("index", INTEGER, "CUDA index", "CUDA index, after `CUDA_VISIBLE_DEVICES` and in "
                    + "`CUDA_DEVICE_ORDER` (what `devices=i` names)", "DeviceEntry.index()", "GPU"),
            device("name", STRING, "", "e.g. `\"NVIDIA H200\"`", "DeviceEntry.name()", "name"),
            device("uuid", STRING, "", "`\"GPU-\"` and the 128-bit UUID as NVML and `nvidia-smi -L` write it "
                    + "(`\"\"` when the driver did not say); clock policies name the GPU to `nvidia-smi -i` by it",
                    "DeviceEntry.uuid()", "uuid"),
            device("pciBusId", STRING, "", "`\"domain:bus:device.function\"` in hex",
                    "DeviceEntry.pciBusId()", "pci bus id"),
            device("fingerprint", STRING_MAP, "", "the environment of the GPU's first fork, the keys "
                    + "of the top-level `fingerprint` (empty until one reported)", "DeviceEntry.fingerprint()", "GPU"),
            device("board", OBJECT, "", "the GPU's physical board as its first fork read it (see "
                    + "`board` below); absent until one reported, and in files of an earlier sns",
                    "DeviceEntry.board()", null).orLeftOut(),
            group("id", STRING, "", "the run group", "RunGroup.id()", "Run group"),
            group("shardCount", INTEGER, "shards", "the number of shards of the group's plan (null when the runs did "
                    + "not say)", "RunGroup.shardCount()", "shard(s)").orNull(),
            group("basis", STRING, "", "what the plan balanced the shards by, in words (`\"\"` without a plan)",
                    "RunGroup.basis()", "shards balanced by"),
            group("complete", BOOLEAN, "", "every shard recorded, and every planned benchmark was measured or skipped",
                    "RunGroup.complete()", "complete"),
            group("problems", STRINGS, "", "what keeps the group from being complete, one line each, shards first",
                    "RunGroup.problems()", "problem(s)"),
            group("fingerprints", MAP_OF_STRING_MAPS, "", "each node environment's fields, by the fingerprint's "
                    + "digest", "RunGroup.fingerprints()", "environment"),
            group("shards", OBJECTS, "", "one per shard, in shard order, the missing ones included",
                    "RunGroup.shards()", "shard"),
            shard("shard", STRING, "", "`\"K/N\"`, or `\"run N\"` for a run without one", "RunGroup.Shard.shard()",
                    "shard"),
            shard("status", STRING, "", "`ok`, `failed` (recorded, but a benchmark failed or a planned one is absent) "
                    + "or `missing` (no run)", "RunGroup.Shard.status()", "status"),
            shard("runId", INTEGER, "", "the latest run of the shard; null when missing", "RunGroup.Shard.runId()",
                    "run").orNull(),
            shard("host", STRING, "", "the node it ran on (`\"\"` when missing)", "RunGroup.Shard.host()", "node"),
            shard("fingerprint", STRING, "", "the digest of the node's environment (`\"\"` when missing)",
                    "RunGroup.Shard.fingerprint()", "environment"),
            shard("gpu", STRING, "", "the node's GPU (`\"\"` for none)", "RunGroup.Shard.gpu()", "GPU"),
            shard("board", STRING, "", "the board its GPU benchmarks ran on (the board's key, its UUID; several "
                    + "joined by `, `); `\"\"` when it recorded none (no GPU, an earlier sns, a missing shard)",
                    "RunGroup.Shard.board()", "board"),
            shard("createdAt", STRING, "", "when the shard started", "RunGroup.Shard.createdAt()", null),
            shard("planned", INTEGER, "benchmarks", "benchmarks the plan gave it; null without a plan",
                    "RunGroup.Shard.planned()", "planned").orNull(),
            shard("recorded", INTEGER, "benchmarks", "benchmarks it recorded", "RunGroup.Shard.recorded()", "recorded"),
            shard("measured", INTEGER, "benchmarks", "of those, measured (status ok)", "RunGroup.Shard.measured()",
                    "measured"),
            shard("failed", INTEGER, "benchmarks", "of those, failed", "RunGroup.Shard.failed()", "failed"),
            shard("wallSeconds", NUMBER, "s", "its benchmarks' wall times added up (null when not recorded)",
                    "RunGroup.Shard.wallSeconds()", "wall").orNull(),
            shard("note", STRING, "", "anything else: a shard recorded more than once, benchmarks planned for other "
                    + "shards", "RunGroup.Shard.note()", "note"));

    /** A field of the run, shown on the page under {@code shownUnder} (null: not shown). */
    private static ResultField run(String path, ResultField.Type type, String meaning, String accessor,
                                   String shownUnder) {
        return shown(ResultField.of(RUN, path, type, "", meaning, accessor), shownUnder);
    }

    /** A field of a GPU the run measured on, shown on the page under {@code shownUnder} (null: not shown). */
    private static ResultField device(String path, ResultField.Type type, String unit, String meaning, String accessor,
                                      String shownUnder) {
        return shown(ResultField.of(DEVICE, path, type, unit, meaning, accessor), shownUnder);
    }

    /** A field of a merged run group, shown in the group's section under {@code shownUnder}. */
    private static ResultField group(String path, ResultField.Type type, String unit, String meaning,
                                     String accessor, String shownUnder) {
        return shown(ResultField.of(GROUP, path, type, unit, meaning, accessor), shownUnder);
    }

    /** A field of a group's shard, shown in the group's table of shards under {@code shownUnder} (null: not shown). */
    private static ResultField shard(String path, ResultField.Type type, String unit, String meaning,
                                     String accessor, String shownUnder) {
        return shown(ResultField.of(SHARD, path, type, unit, meaning, accessor), shownUnder);
    }

    private static ResultField shown(ResultField field, String shownUnder) {
        return shownUnder == null ? field : field.under(shownUnder);
    }
}
