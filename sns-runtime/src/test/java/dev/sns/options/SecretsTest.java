package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Every way a password is written in a JDBC URL or an option line is masked; nothing else changes. */
class SecretsTest {
    @Test
    void passwordParametersAreMasked() {
        assertEquals("jdbc:postgresql://db.lab:5432/sns?user=bench&password=***",
                Secrets.mask("jdbc:postgresql://db.lab:5432/sns?user=bench&password=s3cret"));
        assertEquals("jdbc:postgresql://db/sns?password=***&user=bench&sslpassword=***",
                Secrets.mask("jdbc:postgresql://db/sns?password=s3cret&user=bench&sslpassword=k3y"));
        assertEquals("jdbc:sqlserver://h;user=u;pwd=***;db=x", Secrets.mask("jdbc:sqlserver://h;user=u;pwd=p4ss;db=x"));
        assertEquals("PASSWORD=*** passwd=***", Secrets.mask("PASSWORD=Abc passwd=xyz"));
        assertEquals("jdbc:postgresql://db/sns?password=***: cannot connect",
                Secrets.mask("jdbc:postgresql://db/sns?password=a:b: cannot connect"));
    }

    @Test
    void userInfoAndEscapedSemicolonsAreMasked() {
        assertEquals("jdbc:postgresql://bench:***@db.lab/sns", Secrets.mask("jdbc:postgresql://bench:s3cret@db.lab/sns"));
        // an option line: the value's escaped ';' is part of the password, the next entry is kept
        assertEquals("history=jdbc:postgresql://db/sns?password=***;rounds=4",
                Secrets.mask("history=jdbc:postgresql://db/sns?password=a\\;b;rounds=4"));
    }

    @Test
    void textWithoutASecretIsUnchanged() {
        assertEquals("jdbc:postgresql://db.lab:5432/sns?user=bench", Secrets.mask("jdbc:postgresql://db.lab:5432/sns?user=bench"));
        assertEquals("/data/runs/sns-history.db", Secrets.mask("/data/runs/sns-history.db"));
        assertEquals("http://host:8080/path", Secrets.mask("http://host:8080/path"));
        assertNull(Secrets.mask(null));
    }
}
