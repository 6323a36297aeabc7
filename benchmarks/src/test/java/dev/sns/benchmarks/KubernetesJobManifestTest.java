package dev.sns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.jmh.link.ProfilerOptions;
import dev.sns.reports.shards.ShardSpec;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Kubernetes Indexed Job in scripts/kubernetes: parsed as YAML, with the fields that make it a
 * sharded sns run checked, and each pod's environment run through what sns reads from it.
 */
class KubernetesJobManifestTest {
    static final Path MANIFEST = Paths.get(System.getProperty("sns.it.scripts", "../scripts"), "kubernetes",
            "sns-suite-job.yaml");

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o, String what) {
        assertTrue(o instanceof Map, what + " is a mapping: " + o);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o, String what) {
        assertTrue(o instanceof List, what + " is a list: " + o);
        return (List<Object>) o;
    }

    static List<Map<String, Object>> documents() throws Exception {
        List<Map<String, Object>> docs = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(MANIFEST)) {
            for (Object d : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(r)) {
                docs.add(map(d, "a document"));
            }
        }
        return docs;
    }

    static Map<String, Object> kind(List<Map<String, Object>> docs, String kind) {
        return docs.stream().filter(d -> kind.equals(d.get("kind"))).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " in " + MANIFEST));
    }

    @Test
    void anIndexedJobOfOneGpuPerPodWhosePodsAreTheShards() throws Exception {
        List<Map<String, Object>> docs = documents();
        Map<String, Object> job = kind(docs, "Job");
        assertEquals("batch/v1", job.get("apiVersion"));
        Map<String, Object> spec = map(job.get("spec"), "spec");
        assertEquals("Indexed", spec.get("completionMode"), "each pod gets JOB_COMPLETION_INDEX");
        int completions = (Integer) spec.get("completions");
        assertEquals(completions, spec.get("parallelism"), "every shard at once");
        Map<String, Object> pod = map(map(spec.get("template"), "template").get("spec"), "pod spec");
        assertEquals("Never", pod.get("restartPolicy"), "a failed shard is a failed pod, retried by the Job");
        List<Object> containers = list(pod.get("containers"), "containers");
        assertEquals(1, containers.size());
        Map<String, Object> c = map(containers.get(0), "the container");

        Map<String, Object> limits = map(map(c.get("resources"), "resources").get("limits"), "limits");
        assertEquals(1, limits.get("nvidia.com/gpu"), "one GPU per pod");

        Map<String, Map<String, Object>> env = new HashMap<>();
        for (Object e : list(c.get("env"), "env")) {
            Map<String, Object> var = map(e, "an env entry");
            env.put((String) var.get("name"), var);
        }
        assertEquals(Integer.toString(completions), env.get("JOB_COMPLETIONS").get("value"),
                "JOB_COMPLETIONS is spec.completions: sns reads the shard count from it");
        assertEquals("metadata.labels['batch.kubernetes.io/job-name']", map(map(env.get("JOB_NAME").get("valueFrom"),
                "valueFrom").get("fieldRef"), "fieldRef").get("fieldPath"));
        assertEquals("metadata.labels['batch.kubernetes.io/controller-uid']", map(map(env.get("JOB_UID")
                .get("valueFrom"), "valueFrom").get("fieldRef"), "fieldRef").get("fieldPath"));
        Map<String, Object> secretRef = map(map(env.get(ProfilerOptions.HISTORY_ENV).get("valueFrom"), "valueFrom")
                .get("secretKeyRef"), "secretKeyRef");
        Map<String, Object> secret = kind(docs, "Secret");
        assertEquals(map(secret.get("metadata"), "metadata").get("name"), secretRef.get("name"),
                "the history URL comes from the Secret in the manifest");
        String url = (String) map(secret.get("stringData"), "stringData").get(secretRef.get("key"));
        assertNotNull(url, "the Secret has the key the pod reads");
        assertTrue(url.startsWith("jdbc:postgresql://"), url);

        List<Object> args = list(c.get("args"), "args");
        int prof = args.indexOf("-prof");
        assertTrue(prof >= 0 && prof + 1 < args.size(), "args: " + args);
        String line = (String) args.get(prof + 1);
        assertTrue(line.startsWith("sns:"), line);
        ProfilerOptions options = ProfilerOptions.parse(line.substring("sns:".length()));
        assertTrue(options.sharded());
        assertEquals("env", options.get("history"), "the password stays off the command line and out of the reports");
        assertEquals(List.of("java", "-jar", "/app/benchmarks.jar"), c.get("command"));

        // what each pod's sns makes of its environment: shards 1..N of one group, each once
        Set<String> shards = new HashSet<>();
        Set<String> groups = new HashSet<>();
        for (int index = 0; index < completions; index++) {
            Map<String, String> podEnv = Map.of("JOB_COMPLETION_INDEX", Integer.toString(index), "JOB_COMPLETIONS",
                    (String) env.get("JOB_COMPLETIONS").get("value"), "JOB_NAME", "sns-suite", "JOB_UID",
                    "5c1e8a0e-0b7d-4d1e-9f00-123456789abc");
            ShardSpec s = options.shard(podEnv).orElseThrow();
            assertEquals(index + 1, s.index());
            assertEquals(completions, s.count());
            shards.add(s.toString());
            groups.add(options.group(podEnv).orElseThrow());
        }
        assertEquals(completions, shards.size());
        assertEquals(Set.of("k8s-sns-suite-5c1e8a0e"), groups);
    }

    /**
     * Issue 25 G8: the pods' results directory is either kept (a PersistentVolumeClaim) or an emptyDir
     * lost with its pod, and then the history is the record (every pod records into it, and the manifest
     * says so); the manifest says it needs Kubernetes 1.27+ when its env reads the batch.kubernetes.io labels.
     */
    @Test
    void theResultsOutliveThePodsAndTheManifestNamesTheKubernetesItNeeds() throws Exception {
        String text = Files.readString(MANIFEST);
        Map<String, Object> job = kind(documents(), "Job");
        Map<String, Object> pod = map(map(map(job.get("spec"), "spec").get("template"), "template").get("spec"),
                "pod spec");
        Map<String, Object> c = map(list(pod.get("containers"), "containers").get(0), "the container");
        List<Object> args = list(c.get("args"), "args");
        ProfilerOptions options = ProfilerOptions.parse(((String) args.get(args.indexOf("-prof") + 1))
                .substring("sns:".length()));
        String out = options.get("out");
        String volume = null;
        for (Object m : list(c.get("volumeMounts"), "volumeMounts")) {
            Map<String, Object> mount = map(m, "a mount");
            if (out.startsWith((String) mount.get("mountPath"))) {
                volume = (String) mount.get("name");
            }
        }
        assertNotNull(volume, "out=" + out + " is on a mounted volume");
        Map<String, Object> source = null;
        for (Object v : list(pod.get("volumes"), "volumes")) {
            if (volume.equals(map(v, "a volume").get("name"))) {
                source = map(v, "a volume");
            }
        }
        assertNotNull(source, "the volume " + volume);
        if (source.containsKey("emptyDir")) {
            assertEquals("env", options.get("history"), "an emptyDir is lost with its pod: the pods record into the "
                    + "history");
            assertTrue(text.contains("The history is the record"), "the manifest says where the results are kept");
        } else {
            assertTrue(source.containsKey("persistentVolumeClaim"), "kept on a claim: " + source);
        }
        if (text.contains("fieldPath: metadata.labels['batch.kubernetes.io/")) {
            assertTrue(text.contains("Needs Kubernetes 1.27+"), "the batch.kubernetes.io labels need Kubernetes 1.27");
        }
    }
}
