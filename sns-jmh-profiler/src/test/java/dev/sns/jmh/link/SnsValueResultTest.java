package dev.sns.jmh.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The secondary results' text and units as JMH's table and CSV show them. */
class SnsValueResultTest {
    @Test
    void theTierRowsUnitIsTheSameForEveryTierAndItsTextNamesTheTier() {
        for (int tier = 1; tier <= 3; tier++) {
            SnsValueResult r = new SnsValueResult("sns.tier", tier, SnsResult.TIER_UNIT);
            assertEquals("tier (1=A 2=B 3=C)", r.getScoreUnit(), "JMH's CSV unit column");
            assertEquals("tier " + "ABC".charAt(tier - 1), r.toString());
            assertEquals(tier, r.getScore(), 0.0);
        }
        assertEquals("1.500 GB/s", new SnsValueResult("sns.GBps", 1.5, "GB/s").toString());
    }
}
