package dev.sns.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BoardIdentityTest {
    private static BoardIdentity h200() {
        return BoardIdentity.builder().set("uuid", "GPU-2450be55-1111-2222-3333-444455556666")
                .set("vbiosVersion", "96.00.A5.00.1A").set("powerLimitWatts", 700.0)
                .set("defaultPowerLimitWatts", 700.0).set("eccEnabled", true).set("pcieLinkGeneration", 5)
                .set("pcieLinkWidth", 16).set("pcieMaxLinkGeneration", 5).set("pcieMaxLinkWidth", 16)
                .set("persistenceMode", true).set("migMode", false).set("moduleId", 3)
                .absent("serial", "NO_PERMISSION").build("NOT_SUPPORTED");
    }

    @Test
    void anAbsentFieldHasItsReasonAndAPresentOneNone() {
        BoardIdentity b = h200();
        assertEquals(Optional.empty(), b.serial());
        assertEquals(Map.of("serial", "NO_PERMISSION", "boardPartNumber", "NOT_SUPPORTED"), b.missing());
        assertEquals(Optional.of(700.0), b.powerLimitWatts());
        assertEquals("GPU-2450be55-1111-2222-3333-444455556666", b.key());
        assertTrue(b.known());
    }

    @Test
    void theTextFormRoundTrips() {
        BoardIdentity b = h200();
        Map<String, String> m = b.asMap();
        assertEquals("700", m.get("powerLimitWatts"));
        assertEquals("true", m.get("eccEnabled"));
        assertFalse(m.containsKey("serial"), "absent fields are not written as blanks");
        assertEquals(b, BoardIdentity.fromMaps(m, b.missing()));
    }

    @Test
    void blanksMinusOnesAndSilentAbsencesAreRefusedNamingTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BoardIdentity.builder().set("serial", " ").build("x"));
        assertTrue(e.getMessage().contains("serial"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> BoardIdentity.builder().set("powerLimitWatts", -1.0).build("x"));
        assertTrue(e.getMessage().contains("powerLimitWatts") && e.getMessage().contains("-1.0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardIdentity.builder().build(""));
        assertTrue(e.getMessage().contains("without a reason"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardIdentity.builder().set("moduleId", "3"));
        assertTrue(e.getMessage().contains("moduleId takes a Integer"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardIdentity.builder().text("pcieLinkWidth", "x16"));
        assertTrue(e.getMessage().contains("pcieLinkWidth: 'x16'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BoardIdentity.builder().absent("color", "n/a"));
        assertTrue(e.getMessage().contains("no board field 'color'"), e.getMessage());
    }

    @Test
    void anUnknownBoardSaysWhyForEveryField() {
        BoardIdentity b = BoardIdentity.unknown("no GPU");
        assertFalse(b.known());
        assertEquals("", b.key());
        assertEquals(BoardIdentity.FIELDS.size(), b.missing().size());
        assertTrue(b.missing().values().stream().allMatch("no GPU"::equals));
        assertEquals("serial:S1", BoardIdentity.builder().set("serial", "S1").build("x").key());
    }
}
