package dev.sns.reports;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.sns.model.BoardIdentity;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * The physical board of a GPU, as results.json writes it ({@code devices[].board}, and the top-level
 * {@code board} of a run that did not choose devices): the fields of a {@link BoardIdentity}, each
 * left out when it could not be read, and {@code missing}, which names every field left out with its
 * reason. Boards of one model share an environment (the fingerprint) and differ by an offset: the
 * history keeps them apart by {@link #key()}.
 *
 * @param uuid "GPU-" and the 128-bit UUID; null when not read
 * @param serial the board's serial number; null when not read
 * @param vbiosVersion the VBIOS version, e.g. "96.00.A5.00.1A"; null when not read
 * @param boardPartNumber the board part number; null when not read
 * @param powerLimitWatts the power limit in force, watts; null when not read
 * @param defaultPowerLimitWatts the default power limit, watts; null when not read
 * @param eccEnabled whether ECC is on; null when not read
 * @param pcieLinkGeneration the PCIe link generation now; null when not read
 * @param pcieLinkWidth the PCIe link width now, lanes; null when not read
 * @param pcieMaxLinkGeneration the highest PCIe link generation; null when not read
 * @param pcieMaxLinkWidth the widest PCIe link, lanes; null when not read
 * @param persistenceMode whether persistence mode is on; null when not read
 * @param migMode whether MIG is on; null when not read
 * @param moduleId the module id; null when not read
 * @param missing each field not read, by name, with why (e.g. "NOT_SUPPORTED"); empty when all were read
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BoardEntry(String uuid, String serial, String vbiosVersion, String boardPartNumber,
                         Double powerLimitWatts, Double defaultPowerLimitWatts, Boolean eccEnabled,
                         Integer pcieLinkGeneration, Integer pcieLinkWidth, Integer pcieMaxLinkGeneration,
                         Integer pcieMaxLinkWidth, Boolean persistenceMode, Boolean migMode, Integer moduleId,
                         Map<String, String> missing) {
    /**
     * Sorts {@code missing}; a null one becomes empty.
     *
     * @param uuid "GPU-" and the 128-bit UUID; null when not read
     * @param serial the board's serial number; null when not read
     * @param vbiosVersion the VBIOS version; null when not read
     * @param boardPartNumber the board part number; null when not read
     * @param powerLimitWatts the power limit in force, watts; null when not read
     * @param defaultPowerLimitWatts the default power limit, watts; null when not read
     * @param eccEnabled whether ECC is on; null when not read
     * @param pcieLinkGeneration the PCIe link generation now; null when not read
     * @param pcieLinkWidth the PCIe link width now; null when not read
     * @param pcieMaxLinkGeneration the highest PCIe link generation; null when not read
     * @param pcieMaxLinkWidth the widest PCIe link; null when not read
     * @param persistenceMode whether persistence mode is on; null when not read
     * @param migMode whether MIG is on; null when not read
     * @param moduleId the module id; null when not read
     * @param missing each field not read, with why
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public BoardEntry {
        missing = new TreeMap<>(missing == null ? Map.of() : missing);
    }

    /**
     * The entry of a board.
     *
     * @param board the board
     * @return its fields, the absent ones null and named in {@code missing}
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public static BoardEntry of(BoardIdentity board) {
        return new BoardEntry(board.uuid().orElse(null), board.serial().orElse(null),
                board.vbiosVersion().orElse(null), board.boardPartNumber().orElse(null),
                board.powerLimitWatts().orElse(null), board.defaultPowerLimitWatts().orElse(null),
                board.eccEnabled().orElse(null), board.pcieLinkGeneration().orElse(null),
                board.pcieLinkWidth().orElse(null), board.pcieMaxLinkGeneration().orElse(null),
                board.pcieMaxLinkWidth().orElse(null), board.persistenceMode().orElse(null),
                board.migMode().orElse(null), board.moduleId().orElse(null), board.missing());
    }

    /**
     * The board this entry holds; a field null here and not in {@code missing} (a file edited by hand)
     * is absent as "not recorded".
     *
     * @return the board
     */
    public BoardIdentity identity() {
        BoardIdentity.Builder b = BoardIdentity.builder();
        missing.forEach(b::absent);
        b.set("uuid", uuid).set("serial", serial).set("vbiosVersion", vbiosVersion)
                .set("boardPartNumber", boardPartNumber).set("powerLimitWatts", powerLimitWatts)
                .set("defaultPowerLimitWatts", defaultPowerLimitWatts).set("eccEnabled", eccEnabled)
                .set("pcieLinkGeneration", pcieLinkGeneration).set("pcieLinkWidth", pcieLinkWidth)
                .set("pcieMaxLinkGeneration", pcieMaxLinkGeneration).set("pcieMaxLinkWidth", pcieMaxLinkWidth)
                .set("persistenceMode", persistenceMode).set("migMode", migMode).set("moduleId", moduleId);
        return b.build("not recorded");
    }

    /**
     * What names the board among others ({@link BoardIdentity#key()}): its UUID, else "serial:" and its
     * serial, else "".
     *
     * @return the key
     */
    public String key() {
        return uuid != null ? uuid : serial != null ? "serial:" + serial : "";
    }

    /**
     * A short name for tables and the page: the UUID's first 12 characters ("GPU-2450be55"), else the key.
     *
     * @return the short name; "unknown board" when nothing names it
     */
    public String shortName() {
        String k = key();
        if (k.isEmpty()) {
            return "unknown board";
        }
        return uuid != null && uuid.length() > 12 ? uuid.substring(0, 12) : k;
    }
}
