package dev.sns.reports;

import static dev.sns.reports.ResultField.Type.BOOLEAN;
import static dev.sns.reports.ResultField.Type.INTEGER;
import static dev.sns.reports.ResultField.Type.NUMBER;
import static dev.sns.reports.ResultField.Type.OBJECT;
import static dev.sns.reports.ResultField.Type.STRING;
import static dev.sns.reports.ResultField.Type.STRING_MAP;
import static dev.sns.reports.ResultScope.BENCHMARK;
import static dev.sns.reports.ResultScope.BOARD;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rows of {@link ResultFields} for the physical board a GPU benchmark ran on
 * ({@code benchmarks[].board}, and the same object at {@code devices[].board} and the top-level
 * {@code board}). Their columns are results.csv's last ones (added after every earlier column), and
 * the card shows the board in one line.
 */
final class BoardFields {
    private static final CsvFile<BenchmarkEntry> RESULTS = CsvFile.RESULTS;

    private BoardFields() {}

    static final List<ResultField> ROWS = List.of(
            ResultField.of(BENCHMARK, "board", OBJECT, "", "the physical board of the GPU it ran on (see the board's "
                    + "fields); absent for CPU benchmarks, a backend that reads no board and files of an earlier sns",
                    "BenchmarkEntry.board()").orLeftOut()
                    .html(HtmlLabel.line("board", (b, u) -> line(b.board()))),
            board("uuid", STRING, "", "`\"GPU-\"` and the 128-bit UUID, as NVML and `nvidia-smi -L` write it",
                    "BoardEntry.uuid()", "board_uuid", BoardEntry::uuid),
            board("serial", STRING, "", "the board's serial number", "BoardEntry.serial()", "board_serial",
                    BoardEntry::serial),
            board("vbiosVersion", STRING, "", "the VBIOS version, e.g. `\"96.00.A5.00.1A\"`", "BoardEntry.vbiosVersion()",
                    "board_vbios", BoardEntry::vbiosVersion),
            board("boardPartNumber", STRING, "", "the board part number", "BoardEntry.boardPartNumber()",
                    "board_part_number", BoardEntry::boardPartNumber),
            board("powerLimitWatts", NUMBER, "W", "the power limit in force", "BoardEntry.powerLimitWatts()",
                    "board_power_limit_w", BoardEntry::powerLimitWatts),
            board("defaultPowerLimitWatts", NUMBER, "W", "the board's default power limit",
                    "BoardEntry.defaultPowerLimitWatts()", null, null),
            board("eccEnabled", BOOLEAN, "", "whether ECC is on (the current mode)", "BoardEntry.eccEnabled()",
                    "board_ecc", BoardEntry::eccEnabled),
            board("pcieLinkGeneration", INTEGER, "", "the PCIe link generation now (it may drop while idle)",
                    "BoardEntry.pcieLinkGeneration()", null, null),
            board("pcieLinkWidth", INTEGER, "lanes", "the PCIe link width now", "BoardEntry.pcieLinkWidth()", null,
                    null),
            board("pcieMaxLinkGeneration", INTEGER, "", "the highest PCIe link generation of board and system",
                    "BoardEntry.pcieMaxLinkGeneration()", null, null),
            board("pcieMaxLinkWidth", INTEGER, "lanes", "the widest PCIe link of board and system",
                    "BoardEntry.pcieMaxLinkWidth()", null, null),
            board("persistenceMode", BOOLEAN, "", "whether the driver's persistence mode is on",
                    "BoardEntry.persistenceMode()", null, null),
            board("migMode", BOOLEAN, "", "whether MIG is on (the current mode)", "BoardEntry.migMode()",
                    "board_mig", BoardEntry::migMode),
            board("moduleId", INTEGER, "", "the module id (an HGX baseboard's slot)", "BoardEntry.moduleId()",
                    "board_module_id", BoardEntry::moduleId),
            ResultField.of(BOARD, "missing", STRING_MAP, "", "each field above that could not be read, by name, with "
                    + "why (NVML's `NOT_SUPPORTED`, `NO_PERMISSION`, `FUNCTION_NOT_FOUND`, ...; `\"no sensor library: "
                    + "...\"`): a field is either present or named here, never blank or -1", "BoardEntry.missing()")
                    .csv(RESULTS.column("board_missing", b -> b.board() == null || b.board().missing().isEmpty() ? null
                            : missing(b.board().missing()))
                            .from("benchmarks[].board.missing as `field=reason` joined by `;`, fields sorted")));

    /** A board field: left out when it could not be read ({@code missing} names it); a results.csv column when named. */
    private static ResultField board(String path, ResultField.Type type, String unit, String meaning, String accessor,
                                     String column, Function<BoardEntry, ?> cell) {
        ResultField f = ResultField.of(BOARD, path, type, unit, meaning, accessor).orLeftOut();
        return column == null ? f : f.csv(RESULTS.column(column, b -> b.board() == null ? null : cell.apply(b.board())));
    }

    /** The card's line: "GPU-2450be55, VBIOS 96.00.A5.00.1A, 700 W, PCIe 5 x16". */
    private static String line(BoardEntry b) {
        if (b == null) {
            return null;
        }
        StringBuilder s = new StringBuilder(b.shortName());
        if (b.vbiosVersion() != null) {
            s.append(", VBIOS ").append(b.vbiosVersion());
        }
        if (b.powerLimitWatts() != null) {
            s.append(", ").append(Figures.compact(b.powerLimitWatts(), 4)).append(" W limit");
        }
        if (b.pcieLinkGeneration() != null && b.pcieLinkWidth() != null) {
            s.append(", PCIe ").append(b.pcieLinkGeneration()).append(" x").append(b.pcieLinkWidth());
        }
        if (!b.missing().isEmpty()) {
            s.append(" (not read: ").append(String.join(", ", b.missing().keySet())).append(')');
        }
        return s.toString();
    }

    private static String missing(Map<String, String> m) {
        StringBuilder s = new StringBuilder();
        m.forEach((k, v) -> s.append(s.length() == 0 ? "" : ";").append(k).append('=').append(v));
        return s.toString();
    }
}
