package dev.sns.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Kernel names as people write them: a C++ symbol in the Itanium ABI's mangling (what nvcc and
 * hipcc emit, e.g. {@code _Z6kernelIfLi256EEvPT_S1_i}) read back into
 * {@code void kernel<float, 256>(float*, float*, int)}, the way {@code c++filt} prints it.
 *
 * <p>Covers what kernel signatures use: namespaces and classes, templates with type and integer
 * arguments, builtin types, pointers, references and const, substitutions and template parameters.
 * Anything else (lambdas, operators, function types) gives the symbol back unchanged: a kernel table
 * shows the mangled name rather than a wrong one. {@code extern "C"} names are already plain.
 */
public final class KernelNames {
    private static final Map<Character, String> BUILTINS = Map.ofEntries(
            Map.entry('v', "void"), Map.entry('w', "wchar_t"), Map.entry('b', "bool"), Map.entry('c', "char"),
            Map.entry('a', "signed char"), Map.entry('h', "unsigned char"), Map.entry('s', "short"),
            Map.entry('t', "unsigned short"), Map.entry('i', "int"), Map.entry('j', "unsigned int"),
            Map.entry('l', "long"), Map.entry('m', "unsigned long"), Map.entry('x', "long long"),
            Map.entry('y', "unsigned long long"), Map.entry('n', "__int128"), Map.entry('o', "unsigned __int128"),
            Map.entry('f', "float"), Map.entry('d', "double"), Map.entry('e', "long double"),
            Map.entry('g', "__float128"), Map.entry('z', "..."));
    private static final Map<Character, String> LITERAL_SUFFIX = Map.of('i', "", 'j', "u", 'l', "l", 'm', "ul",
            'x', "ll", 'y', "ull", 's', "", 't', "", 'h', "", 'a', "");

    private KernelNames() {}

    /** The readable form of {@code symbol}; the symbol itself when it is not mangled or not understood. */
    public static String demangle(String symbol) {
        if (symbol == null || !symbol.startsWith("_Z")) {
            return symbol;
        }
        try {
            Parser p = new Parser(symbol);
            String out = p.mangledName();
            if (p.pos < symbol.length()) {
                if (symbol.charAt(p.pos) != '.') {
                    return symbol;
                }
                out += " [clone " + symbol.substring(p.pos) + "]";
            }
            return out;
        } catch (RuntimeException e) {
            return symbol;
        }
    }

    /** A name with what the encoding needs to know about it. */
    private record Name(String text, boolean template, String qualifiers) {}

    /** A recursive-descent reader over one symbol. */
    private static final class Parser {
        final String s;
        int pos;
        final List<String> subs = new ArrayList<>();
        List<String> templateArgs = List.of();

        Parser(String s) {
            this.s = s;
        }

        String mangledName() {
            expect("_Z");
            return encoding();
        }

        String encoding() {
            Name n = name();
            if (pos >= s.length() || peek() == '.' || peek() == 'E') {
                return n.text();
            }
            List<String> own = templateArgs; // T_ in the signature means the function's own template arguments
            String ret = n.template() ? type() : null;
            List<String> params = new ArrayList<>();
            if (peek() == 'v' && (pos + 1 >= s.length() || s.charAt(pos + 1) == '.' || s.charAt(pos + 1) == 'E')) {
                pos++;
            } else {
                while (pos < s.length() && peek() != '.' && peek() != 'E') {
                    templateArgs = own;
                    params.add(type());
                }
            }
            return (ret == null ? "" : ret + " ") + n.text() + "(" + String.join(", ", params) + ")" + n.qualifiers();
        }

        Name name() {
            char c = peek();
            if (c == 'N') {
                return nestedName();
            }
            if (c == 'Z') {
                throw new IllegalArgumentException("local names are not read");
            }
            String unq;
            if (s.startsWith("St", pos)) {
                pos += 2;
                unq = "std::" + unqualifiedName("");
            } else if (c == 'S') {
                unq = substitution();
                if (peek() != 'I') {
                    return new Name(unq, false, "");
                }
            } else {
                unq = unqualifiedName("");
            }
            if (pos < s.length() && peek() == 'I') {
                subs.add(unq);
                String args = templateArgs();
                return new Name(unq + args, true, "");
            }
            return new Name(unq, false, "");
        }

        Name nestedName() {
            expect("N");
            StringBuilder quals = new StringBuilder();
            while (peek() == 'r' || peek() == 'V' || peek() == 'K') {
                char q = s.charAt(pos++);
                quals.append(q == 'K' ? " const" : q == 'V' ? " volatile" : " restrict");
            }
            if (peek() == 'R' || peek() == 'O') {
                quals.append(s.charAt(pos++) == 'R' ? " &" : " &&");
            }
            String prefix = "";
            String last = "";
            boolean template = false;
            while (peek() != 'E') {
                template = false;
                if (s.startsWith("St", pos)) {
                    pos += 2;
                    prefix = "std";
                    continue;
                } else if (peek() == 'S') {
                    prefix = substitution();
                    continue; // already a candidate
                } else if (peek() == 'I') {
                    prefix = prefix + templateArgs();
                    template = true;
                } else if (peek() == 'T') {
                    prefix = templateParam();
                } else {
                    last = unqualifiedName(last);
                    prefix = prefix.isEmpty() ? last : prefix + "::" + last;
                }
                if (peek() != 'E') {
                    subs.add(prefix); // every prefix is a candidate; the whole name is one for types only (type())
                }
            }
            pos++;
            return new Name(prefix, template, quals.toString());
        }

        String unqualifiedName(String enclosing) {
            char c = peek();
            if (c == 'L') {
                pos++;
                c = peek();
            }
            if (Character.isDigit(c)) {
                return sourceName();
            }
            if (c == 'C' && pos + 1 < s.length() && "123".indexOf(s.charAt(pos + 1)) >= 0) {
                pos += 2;
                return simple(enclosing);
            }
            if (c == 'D' && pos + 1 < s.length() && "012".indexOf(s.charAt(pos + 1)) >= 0) {
                pos += 2;
                return "~" + simple(enclosing);
            }
            throw new IllegalArgumentException("unqualified name '" + c + "' is not read");
        }

        /** A class's own name without its template arguments (for constructors). */
        private static String simple(String name) {
            int lt = name.indexOf('<');
            return lt < 0 ? name : name.substring(0, lt);
        }

        String sourceName() {
            int start = pos;
            while (Character.isDigit(peek())) {
                pos++;
            }
            int len = Integer.parseInt(s.substring(start, pos));
            String id = s.substring(pos, pos + len);
            pos += len;
            return id.startsWith("_GLOBAL__N") ? "(anonymous namespace)" : id;
        }

        String templateArgs() {
            expect("I");
            List<String> args = new ArrayList<>();
            while (peek() != 'E') {
                args.add(templateArg());
            }
            pos++;
            templateArgs = args;
            String joined = String.join(", ", args);
            return "<" + joined + (joined.endsWith(">") ? " >" : ">");
        }

        String templateArg() {
            char c = peek();
            if (c == 'L') {
                pos++;
                if (peek() == '_') {
                    throw new IllegalArgumentException("external names as template arguments are not read");
                }
                char t = s.charAt(pos++);
                boolean negative = peek() == 'n';
                if (negative) {
                    pos++;
                }
                int start = pos;
                while (peek() != 'E') {
                    pos++;
                }
                String v = s.substring(start, pos);
                pos++;
                if (t == 'b') {
                    return v.equals("0") ? "false" : "true";
                }
                String suffix = LITERAL_SUFFIX.get(t);
                if (suffix == null) {
                    throw new IllegalArgumentException("literal of type '" + t + "' is not read");
                }
                return (negative ? "-" : "") + v + suffix;
            }
            if (c == 'J') {
                pos++;
                List<String> pack = new ArrayList<>();
                while (peek() != 'E') {
                    pack.add(templateArg());
                }
                pos++;
                return String.join(", ", pack);
            }
            if (c == 'X') {
                throw new IllegalArgumentException("expressions are not read");
            }
            return type();
        }

        String type() {
            char c = peek();
            String builtin = BUILTINS.get(c);
            if (builtin != null) {
                pos++;
                return builtin;
            }
            switch (c) {
                case 'P' -> {
                    pos++;
                    return candidate(pointer(type(), "*"));
                }
                case 'R' -> {
                    pos++;
                    return candidate(pointer(type(), "&"));
                }
                case 'O' -> {
                    pos++;
                    return candidate(pointer(type(), "&&"));
                }
                case 'K', 'V', 'r' -> {
                    pos++;
                    String q = c == 'K' ? " const" : c == 'V' ? " volatile" : " restrict";
                    return candidate(type() + q);
                }
                case 'N' -> {
                    return candidate(nestedName().text());
                }
                case 'T' -> {
                    return templateArgsAfter(candidate(templateParam()));
                }
                case 'S' -> {
                    if (s.startsWith("St", pos)) {
                        pos += 2;
                        return templateArgsAfter(candidate("std::" + unqualifiedName("")));
                    }
                    return templateArgsAfter(substitution());
                }
                case 'D' -> {
                    return dType();
                }
                default -> {
                    if (Character.isDigit(c)) {
                        return templateArgsAfter(candidate(sourceName()));
                    }
                    throw new IllegalArgumentException("type '" + c + "' is not read");
                }
            }
        }

        /** A type name that may be followed by template arguments (a template-template use). */
        private String templateArgsAfter(String name) {
            if (pos < s.length() && peek() == 'I') {
                List<String> saved = templateArgs;
                String t = candidate(name + templateArgs());
                templateArgs = saved;
                return t;
            }
            return name;
        }

        private String dType() {
            String[][] known = {{"Dh", "__half"}, {"DF16_", "_Float16"}, {"Dn", "decltype(nullptr)"},
                    {"Di", "char32_t"}, {"Ds", "char16_t"}, {"Du", "char8_t"}, {"DF16b", "std::bfloat16_t"}};
            for (String[] k : known) {
                if (s.startsWith(k[0], pos)) {
                    pos += k[0].length();
                    return k[1];
                }
            }
            throw new IllegalArgumentException("type D" + s.charAt(pos + 1) + " is not read");
        }

        private static String pointer(String inner, String p) {
            return inner + p;
        }

        String templateParam() {
            expect("T");
            int index = 0;
            if (peek() != '_') {
                index = seqId() + 1;
            }
            expect("_");
            if (index >= templateArgs.size()) {
                throw new IllegalArgumentException("template parameter " + index + " of " + templateArgs.size());
            }
            return templateArgs.get(index);
        }

        String substitution() {
            expect("S");
            char c = peek();
            String special = switch (c) {
                case 'a' -> "std::allocator";
                case 'b' -> "std::basic_string";
                case 's' -> "std::string";
                case 'i' -> "std::istream";
                case 'o' -> "std::ostream";
                case 'd' -> "std::iostream";
                default -> null;
            };
            if (special != null) {
                pos++;
                return special;
            }
            int index = 0;
            if (c != '_') {
                index = seqId() + 1;
            }
            expect("_");
            return subs.get(index);
        }

        /** A base-36 sequence number (digits, then upper-case letters). */
        int seqId() {
            int v = 0;
            while (Character.isDigit(peek()) || Character.isUpperCase(peek())) {
                char c = s.charAt(pos++);
                v = v * 36 + (Character.isDigit(c) ? c - '0' : c - 'A' + 10);
            }
            return v;
        }

        String candidate(String type) {
            subs.add(type);
            return type;
        }

        char peek() {
            if (pos >= s.length()) {
                throw new IllegalArgumentException("symbol ends early");
            }
            return s.charAt(pos);
        }

        void expect(String t) {
            if (!s.startsWith(t, pos)) {
                throw new IllegalArgumentException("expected " + t + " at " + pos);
            }
            pos += t.length();
        }
    }
}
