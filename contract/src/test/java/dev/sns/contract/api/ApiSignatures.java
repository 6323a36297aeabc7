package dev.sns.contract.api;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API.Status;

/**
 * The types an API signature names, and which of them an API user could not use: an sns type
 * marked INTERNAL, or a third-party type outside what the API is allowed to expose (the JDK, JMH,
 * JCuda, opentest4j). An API method returning an internal type would make that type API in fact,
 * without its promise.
 */
final class ApiSignatures {
    /** Packages outside sns whose types the API may name: the JDK and what sns-bom manages for users. */
    static final List<String> ALLOWED_FOREIGN = List.of("java.", "javax.", "org.openjdk.jmh.", "jcuda.", "org.opentest4j.");

    private ApiSignatures() {}

    /** "where: the type" for every type an API signature names that is not itself usable. */
    static List<String> leaks(ApiDump dump) {
        List<String> out = new ArrayList<>();
        for (Class<?> c : dump.apiTypes()) {
            Set<Class<?>> named = new LinkedHashSet<>();
            collect(c.getGenericSuperclass(), named);
            for (Type t : c.getGenericInterfaces()) {
                collect(t, named);
            }
            for (TypeVariable<?> v : c.getTypeParameters()) {
                collect(v, named);
            }
            report(dump, ApiDump.typeName(c), named, out);
            for (Member m : dump.apiMembers(c)) {
                Set<Class<?>> types = new LinkedHashSet<>();
                for (Type t : signatureTypes(m)) {
                    collect(t, types);
                }
                report(dump, ApiDump.typeName(c) + "." + m.getName(), types, out);
            }
        }
        return out;
    }

    private static void report(ApiDump dump, String where, Set<Class<?>> named, List<String> out) {
        for (Class<?> t : named) {
            Class<?> top = t;
            while (top.isArray()) {
                top = top.getComponentType();
            }
            if (top.isPrimitive()) {
                continue;
            }
            String name = top.getName();
            if (name.startsWith("dev.sns.") || !name.contains(".")) {
                if (dump.classes().containsKey(name) && !dump.isApiType(top)) {
                    out.add(where + " names " + ApiDump.typeName(top) + ", which is "
                            + (dump.status(top) == Status.INTERNAL ? "INTERNAL" : "not public"));
                }
            } else if (ALLOWED_FOREIGN.stream().noneMatch(name::startsWith)) {
                out.add(where + " names " + name + ", a third-party type the API may not expose");
            }
        }
    }

    private static List<Type> signatureTypes(Member m) {
        List<Type> types = new ArrayList<>();
        if (m instanceof Executable e) {
            types.addAll(List.of(e.getGenericParameterTypes()));
            types.addAll(List.of(e.getGenericExceptionTypes()));
            types.addAll(List.of(e.getTypeParameters()));
            if (e instanceof Method method) {
                types.add(method.getGenericReturnType());
            } else if (!(e instanceof Constructor<?>)) {
                throw new IllegalArgumentException("unknown executable " + e);
            }
        } else {
            types.add(((Field) m).getGenericType());
        }
        return types;
    }

    private static void collect(Type t, Set<Class<?>> out) {
        collect(t, out, new HashSet<>());
    }

    private static void collect(Type t, Set<Class<?>> out, Set<Type> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        if (t instanceof Class<?> c) {
            out.add(c);
        } else if (t instanceof ParameterizedType p) {
            collect(p.getRawType(), out, seen);
            for (Type a : p.getActualTypeArguments()) {
                collect(a, out, seen);
            }
        } else if (t instanceof GenericArrayType g) {
            collect(g.getGenericComponentType(), out, seen);
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                collect(b, out, seen);
            }
            for (Type b : w.getLowerBounds()) {
                collect(b, out, seen);
            }
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                collect(b, out, seen);
            }
        }
    }
}
