package dev.sns.archetype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The BOM has no parent (it must not impose sns's build libraries on its users), so it repeats a few
 * values of sns-parent: this test keeps the copies equal.
 */
class BomTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void bomAndParentAgreeOnVersions() throws Exception {
        Document parent = read(ROOT.resolve("pom.xml"));
        Document bom = read(ROOT.resolve("sns-bom/pom.xml"));
        assertEquals(child(parent.getDocumentElement(), "version"), child(bom.getDocumentElement(), "version"),
                "sns-bom's version");
        for (String property : List.of("jmh.version", "jcuda.version", "sqlite-jdbc.version", "postgresql.version")) {
            assertEquals(property(parent, property), property(bom, property), property + " in sns-bom/pom.xml");
        }
    }

    @Test
    void bomManagesEveryLibraryArtifactOfSns() throws Exception {
        List<String> managedByParent = managedSnsArtifacts(read(ROOT.resolve("pom.xml")));
        List<String> managedByBom = managedSnsArtifacts(read(ROOT.resolve("sns-bom/pom.xml")));
        for (String artifact : managedByParent) {
            if (!artifact.endsWith(":test-jar")) {   // the fakes are sns's own test code
                assertTrue(managedByBom.contains(artifact.replace("${sns.cuda.platform}", "linux-x86_64")),
                        artifact + " is managed in sns-parent but not in sns-bom: " + managedByBom);
            }
        }
    }

    /** groupId:artifactId[:classifier][:type] of each dev.sns dependency in dependencyManagement. */
    private static List<String> managedSnsArtifacts(Document pom) {
        List<String> out = new ArrayList<>();
        NodeList deps = pom.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element d = (Element) deps.item(i);
            if (!"dependencies".equals(d.getParentNode().getNodeName())
                    || !"dependencyManagement".equals(d.getParentNode().getParentNode().getNodeName())
                    || !"dev.sns".equals(child(d, "groupId"))) {
                continue;
            }
            String id = "dev.sns:" + child(d, "artifactId");
            String classifier = child(d, "classifier");
            String type = child(d, "type");
            out.add(id + (classifier == null ? "" : ":" + classifier) + (type == null ? "" : ":" + type));
        }
        return out;
    }

    private static String property(Document pom, String name) {
        NodeList properties = pom.getElementsByTagName("properties");
        String value = child((Element) properties.item(0), name);
        assertTrue(value != null, name + " is not a property of " + pom.getDocumentURI());
        return value;
    }

    private static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().trim();
            }
        }
        return null;
    }

    private static Document read(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }
}
