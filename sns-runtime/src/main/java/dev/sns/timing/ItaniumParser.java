package dev.sns.timing;

import dev.sns.timing.ItaniumNode.AbiTagged;
import dev.sns.timing.ItaniumNode.ArgList;
import dev.sns.timing.ItaniumNode.ArrayType;
import dev.sns.timing.ItaniumNode.Binary;
import dev.sns.timing.ItaniumNode.Builtin;
import dev.sns.timing.ItaniumNode.Cast;
import dev.sns.timing.ItaniumNode.Clone;
import dev.sns.timing.ItaniumNode.Conditional;
import dev.sns.timing.ItaniumNode.Conversion;
import dev.sns.timing.ItaniumNode.Decltype;
import dev.sns.timing.ItaniumNode.DefaultArg;
import dev.sns.timing.ItaniumNode.FunctionParam;
import dev.sns.timing.ItaniumNode.FunctionType;
import dev.sns.timing.ItaniumNode.InitializerList;
import dev.sns.timing.ItaniumNode.Lambda;
import dev.sns.timing.ItaniumNode.LiteralStyle;
import dev.sns.timing.ItaniumNode.Literal;
import dev.sns.timing.ItaniumNode.LocalName;
import dev.sns.timing.ItaniumNode.Modifier;
import dev.sns.timing.ItaniumNode.ModifierKind;
import dev.sns.timing.ItaniumNode.Name;
import dev.sns.timing.ItaniumNode.Nullary;
import dev.sns.timing.ItaniumNode.Operator;
import dev.sns.timing.ItaniumNode.OperatorInfo;
import dev.sns.timing.ItaniumNode.PackExpansion;
import dev.sns.timing.ItaniumNode.PointerToMember;
import dev.sns.timing.ItaniumNode.QualifiedName;
import dev.sns.timing.ItaniumNode.Special;
import dev.sns.timing.ItaniumNode.StdName;
import dev.sns.timing.ItaniumNode.Structor;
import dev.sns.timing.ItaniumNode.Template;
import dev.sns.timing.ItaniumNode.TemplateParam;
import dev.sns.timing.ItaniumNode.TypedName;
import dev.sns.timing.ItaniumNode.Unary;
import dev.sns.timing.ItaniumNode.UnnamedType;
import dev.sns.timing.ItaniumNode.VectorType;
import dev.sns.timing.ItaniumNode.VendorOperator;
import dev.sns.timing.ItaniumNode.VendorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Reads one symbol of the Itanium C++ ABI's mangling (what g++, clang, nvcc and hipcc emit) into
 * {@link ItaniumNode}s: a recursive descent over the ABI's grammar, one method per production, with
 * the substitution table ({@code S_}, {@code S0_}) filled as the ABI and c++filt fill it.
 *
 * <p>Whatever the grammar does not allow, or this reader does not know (C++20 modules and requires
 * clauses, fold expressions, template-template parameters of conversion operators), is a
 * {@link Failure}: the caller gives the symbol back unchanged rather than a guess.
 */
final class ItaniumParser {
    /** Why a symbol was not read; cheap (no stack trace), caught by the demangler. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        /** The readable name would have passed the printer's limit. */
        final boolean tooLarge;

        private Failure(String message, boolean tooLarge) {
            super(message, null, false, false);
            this.tooLarge = tooLarge;
        }

        static Failure of(String message) {
            return new Failure(message, false);
        }

        static Failure tooLarge(String message) {
            return new Failure(message, true);
        }
    }

    /** How deep the productions may nest before the symbol is given up (a guard for the Java stack). */
    private static final int MAX_DEPTH = 400;

    /** Builtin type codes: the name and how a literal of the type prints (a node is made per use: nodes are not shared). */
    private static final Map<Character, Object[]> BUILTINS = new HashMap<>();
    /** The same for the two-letter codes {@code D<c>}. */
    private static final Map<Character, Object[]> D_BUILTINS = new HashMap<>();
    private static final Map<String, OperatorInfo> OPERATORS = new HashMap<>();

    static {
        Object[][] builtins = {
            {'a', "signed char", LiteralStyle.DEFAULT}, {'b', "bool", LiteralStyle.BOOL},
            {'c', "char", LiteralStyle.DEFAULT}, {'d', "double", LiteralStyle.FLOAT},
            {'e', "long double", LiteralStyle.FLOAT}, {'f', "float", LiteralStyle.FLOAT},
            {'g', "__float128", LiteralStyle.FLOAT}, {'h', "unsigned char", LiteralStyle.DEFAULT},
            {'i', "int", LiteralStyle.INT}, {'j', "unsigned int", LiteralStyle.UNSIGNED},
            {'l', "long", LiteralStyle.LONG}, {'m', "unsigned long", LiteralStyle.UNSIGNED_LONG},
            {'n', "__int128", LiteralStyle.DEFAULT}, {'o', "unsigned __int128", LiteralStyle.DEFAULT},
            {'s', "short", LiteralStyle.DEFAULT}, {'t', "unsigned short", LiteralStyle.DEFAULT},
            {'v', "void", LiteralStyle.VOID}, {'w', "wchar_t", LiteralStyle.DEFAULT},
            {'x', "long long", LiteralStyle.LONG_LONG}, {'y', "unsigned long long", LiteralStyle.UNSIGNED_LONG_LONG},
            {'z', "...", LiteralStyle.DEFAULT}};
        for (Object[] b : builtins) {
            BUILTINS.put((Character) b[0], b);
        }
        Object[][] dBuiltins = {
            {'f', "decimal32", LiteralStyle.DEFAULT}, {'d', "decimal64", LiteralStyle.DEFAULT},
            {'e', "decimal128", LiteralStyle.DEFAULT}, {'h', "half", LiteralStyle.FLOAT},
            {'u', "char8_t", LiteralStyle.DEFAULT}, {'s', "char16_t", LiteralStyle.DEFAULT},
            {'i', "char32_t", LiteralStyle.DEFAULT}, {'n', "decltype(nullptr)", LiteralStyle.DEFAULT}};
        for (Object[] b : dBuiltins) {
            D_BUILTINS.put((Character) b[0], b);
        }
        Object[][] operators = {
            {"aN", "&=", 2}, {"aS", "=", 2}, {"aa", "&&", 2}, {"ad", "&", 1}, {"an", "&", 2},
            {"at", "alignof ", 1}, {"aw", "co_await ", 1}, {"az", "alignof ", 1}, {"cc", "const_cast", 2},
            {"cl", "()", 2}, {"cm", ",", 2}, {"co", "~", 1}, {"dV", "/=", 2}, {"dX", "[...]=", 3},
            {"da", "delete[] ", 1}, {"dc", "dynamic_cast", 2}, {"de", "*", 1}, {"di", "=", 2},
            {"dl", "delete ", 1}, {"ds", ".*", 2}, {"dt", ".", 2}, {"dv", "/", 2}, {"dx", "]=", 2},
            {"eO", "^=", 2}, {"eo", "^", 2}, {"eq", "==", 2}, {"fL", "...", 3}, {"fR", "...", 3},
            {"fl", "...", 2}, {"fr", "...", 2}, {"ge", ">=", 2}, {"gs", "::", 1}, {"gt", ">", 2},
            {"ix", "[]", 2}, {"lS", "<<=", 2}, {"le", "<=", 2}, {"li", "operator\"\" ", 1}, {"ls", "<<", 2},
            {"lt", "<", 2}, {"mI", "-=", 2}, {"mL", "*=", 2}, {"mi", "-", 2}, {"ml", "*", 2},
            {"mm", "--", 1}, {"na", "new[]", 3}, {"ne", "!=", 2}, {"ng", "-", 1}, {"nt", "!", 1},
            {"nw", "new", 3}, {"nx", "noexcept", 1}, {"oR", "|=", 2}, {"oo", "||", 2}, {"or", "|", 2},
            {"pL", "+=", 2}, {"pl", "+", 2}, {"pm", "->*", 2}, {"pp", "++", 1}, {"ps", "+", 1},
            {"pt", "->", 2}, {"qu", "?", 3}, {"rM", "%=", 2}, {"rS", ">>=", 2}, {"rc", "reinterpret_cast", 2},
            {"rm", "%", 2}, {"rs", ">>", 2}, {"sP", "sizeof...", 1}, {"sZ", "sizeof...", 1},
            {"sc", "static_cast", 2}, {"ss", "<=>", 2}, {"st", "sizeof ", 1}, {"sz", "sizeof ", 1},
            {"tr", "throw", 0}, {"tw", "throw ", 1}};
        for (Object[] o : operators) {
            OPERATORS.put((String) o[0], new OperatorInfo((String) o[0], (String) o[1], (Integer) o[2]));
        }
    }

    private final String s;
    private int pos;
    private int depth;
    private final List<ItaniumNode> subs = new ArrayList<>();
    /** The last source name read: what a constructor or destructor is called. */
    private ItaniumNode lastName;
    private boolean inExpression;
    private boolean inConversion;

    /** 1: read {@code sr}'s qualifier levels; -1: did so (a failure reads again); 0: read the older form. */
    private int unresolvedLevels;
    /**
     * A failure passed a place where c++filt reads on with the piece missing (a function type before
     * its ref-qualifier, {@code sr}'s qualifier levels, a braced list's type): c++filt's outcome is
     * unknown, so the symbol is not read again the older way.
     */
    private boolean uncertain;

    private ItaniumParser(String symbol, int unresolvedLevels) {
        this.s = symbol;
        this.unresolvedLevels = unresolvedLevels;
    }

    /** The whole symbol ({@code _Z...}, with clone suffixes); a failure unless every character is read. */
    static ItaniumNode parse(String symbol) {
        ItaniumParser p = new ItaniumParser(symbol, 1);
        try {
            return p.whole();
        } catch (Failure f) {
            if (p.unresolvedLevels != -1 || p.uncertain) {
                throw f;
            }
            return new ItaniumParser(symbol, 0).whole();
        }
    }

    private ItaniumNode whole() {
        if (!s.startsWith("_Z")) {
            throw Failure.of("not a mangled name");
        }
        ItaniumNode n = mangledName(true);
        if (peek() != 0) {
            throw Failure.of("characters left at " + pos);
        }
        return n;
    }

    // ---- reading ----

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : 0;
    }

    private char peekNext() {
        return pos + 1 < s.length() ? s.charAt(pos + 1) : 0;
    }

    private char next() {
        char c = peek();
        if (c != 0) {
            pos++;
        }
        return c;
    }

    private boolean check(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!check(c)) {
            throw Failure.of("expected '" + c + "' at " + pos);
        }
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean lower(char c) {
        return c >= 'a' && c <= 'z';
    }

    private static boolean upper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private <T> T tolerated(Supplier<T> production) {
        try {
            return production.get();
        } catch (Failure f) {
            uncertain = true;
            throw f;
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw Failure.of("nested deeper than " + MAX_DEPTH);
        }
    }

    private void add(ItaniumNode n) {
        if (subs.size() >= s.length()) {
            throw Failure.of("more substitutions than characters");
        }
        subs.add(n);
    }

    /** A decimal number, {@code n} for negative; 0 when there are no digits, -1 on overflow. */
    private int number() {
        boolean negative = check('n');
        int v = 0;
        while (digit(peek())) {
            int d = peek() - '0';
            if (v > (Integer.MAX_VALUE - d) / 10) {
                return -1;
            }
            v = v * 10 + d;
            pos++;
        }
        return negative ? -v : v;
    }

    /** {@code _} is 0, {@code <n>_} is n + 1; -1 when malformed. */
    private int compactNumber() {
        int n;
        if (peek() == '_') {
            n = 0;
        } else if (peek() == 'n') {
            return -1;
        } else {
            n = number() + 1;
        }
        if (n < 0 || !check('_')) {
            return -1;
        }
        return n;
    }

    // ---- encodings ----

    private ItaniumNode mangledName(boolean topLevel) {
        if (!check('_') && topLevel) {
            throw Failure.of("expected _Z");
        }
        expect('Z');
        ItaniumNode p = encoding(topLevel);
        if (topLevel) {
            while (peek() == '.' && (lower(peekNext()) || peekNext() == '_' || digit(peekNext()))) {
                p = cloneSuffix(p);
            }
        }
        return p;
    }

    private ItaniumNode cloneSuffix(ItaniumNode encoding) {
        int start = pos;
        int end = pos;
        if (s.charAt(end) == '.' && end + 1 < s.length()
                && (lower(s.charAt(end + 1)) || digit(s.charAt(end + 1)) || s.charAt(end + 1) == '_')) {
            end += 2;
            while (end < s.length() && (lower(s.charAt(end)) || digit(s.charAt(end)) || s.charAt(end) == '_')) {
                end++;
            }
        }
        while (end + 1 < s.length() && s.charAt(end) == '.' && digit(s.charAt(end + 1))) {
            end += 2;
            while (end < s.length() && digit(s.charAt(end))) {
                end++;
            }
        }
        pos = end;
        return new Clone(encoding, new Name(s.substring(start, end)));
    }

    private ItaniumNode encoding(boolean topLevel) {
        enter();
        char c = peek();
        ItaniumNode dc;
        if (c == 'G' || c == 'T') {
            dc = specialName();
        } else {
            dc = name(false);
            c = peek();
            if (c != 0 && c != 'E') {
                FunctionType type = bareFunctionType(hasReturnType(dc));
                if (!topLevel && dc instanceof LocalName) {
                    type.returnType = null;
                }
                dc = new TypedName(dc, type);
            }
        }
        depth--;
        return dc;
    }

    private static boolean hasReturnType(ItaniumNode n) {
        if (n instanceof LocalName ln) {
            return hasReturnType(ln.entity);
        }
        if (n instanceof Template t) {
            return !structorOrConversion(t.name);
        }
        if (n.functionQualifier()) {
            return hasReturnType(((Modifier) n).inner);
        }
        return false;
    }

    private static boolean structorOrConversion(ItaniumNode n) {
        if (n instanceof QualifiedName q) {
            return structorOrConversion(q.name);
        }
        if (n instanceof LocalName ln) {
            return structorOrConversion(ln.entity);
        }
        return n instanceof Structor || n instanceof Conversion;
    }

    private ItaniumNode specialName() {
        if (check('T')) {
            switch (next()) {
                case 'V' -> {
                    return new Special("vtable for ", type());
                }
                case 'T' -> {
                    return new Special("VTT for ", type());
                }
                case 'I' -> {
                    return new Special("typeinfo for ", type());
                }
                case 'S' -> {
                    return new Special("typeinfo name for ", type());
                }
                case 'h' -> {
                    callOffset('h');
                    return new Special("non-virtual thunk to ", encoding(false));
                }
                case 'v' -> {
                    callOffset('v');
                    return new Special("virtual thunk to ", encoding(false));
                }
                case 'c' -> {
                    callOffset((char) 0);
                    callOffset((char) 0);
                    return new Special("covariant return thunk to ", encoding(false));
                }
                case 'H' -> {
                    return new Special("TLS init function for ", name(false));
                }
                case 'W' -> {
                    return new Special("TLS wrapper function for ", name(false));
                }
                default -> throw Failure.of("special name not read");
            }
        }
        if (check('G') && check('V')) {
            return new Special("guard variable for ", name(false));
        }
        throw Failure.of("special name not read");
    }

    private void callOffset(char c) {
        if (c == 0) {
            c = next();
        }
        if (c == 'h') {
            number();
        } else if (c == 'v') {
            number();
            expect('_');
            number();
        } else {
            throw Failure.of("call offset");
        }
        expect('_');
    }

    // ---- names ----

    /** A name; a substitution candidate when {@code substitutable} (a type) unless it came from one. */
    private ItaniumNode name(boolean substitutable) {
        enter();
        ItaniumNode dc;
        boolean substitution = false;
        switch (peek()) {
            case 'N' -> dc = nestedName();
            case 'Z' -> dc = localName();
            case 'U' -> dc = unqualifiedName(null);
            default -> {
                ItaniumNode std = null;
                if (peek() == 'S' && peekNext() == 't') {
                    pos += 2;
                    std = new Name("std");
                }
                if (peek() == 'S') {
                    if (std != null) {
                        throw Failure.of("std:: followed by a substitution");
                    }
                    dc = substitution(false);
                    substitution = true;
                } else {
                    dc = unqualifiedName(std);
                }
                if (peek() == 'I') { // an unscoped template name: a candidate unless a substitution
                    if (!substitution) {
                        add(dc);
                    }
                    dc = new Template(dc, templateArgs());
                    substitution = false;
                }
            }
        }
        if (substitutable && !substitution) {
            add(dc);
        }
        depth--;
        return dc;
    }

    private ItaniumNode nestedName() {
        expect('N');
        if (peek() == 'H') {
            throw Failure.of("explicit object member functions are not read");
        }
        List<ModifierKind> quals = new ArrayList<>();
        List<ItaniumNode> extras = new ArrayList<>();
        cvQualifiers(true, quals, extras);
        ModifierKind ref = null;
        if (peek() == 'R' || peek() == 'O') {
            ref = next() == 'R' ? ModifierKind.REFERENCE_THIS : ModifierKind.RVALUE_REFERENCE_THIS;
        }
        ItaniumNode ret = wrap(quals, extras, prefix(true));
        if (ref != null) {
            ret = new Modifier(ref, ret, null);
        }
        expect('E');
        return ret;
    }

    /** The qualifiers, outermost (first in the mangling) outside. */
    private static ItaniumNode wrap(List<ModifierKind> quals, List<ItaniumNode> extras, ItaniumNode inner) {
        ItaniumNode n = inner;
        for (int i = quals.size() - 1; i >= 0; i--) {
            n = new Modifier(quals.get(i), n, extras.get(i));
        }
        return n;
    }

    /** The components of a nested name up to its {@code E}; each but the last is a candidate when {@code substitutable}. */
    private ItaniumNode prefix(boolean substitutable) {
        ItaniumNode ret = null;
        while (true) {
            char c = peek();
            if (c == 'D' && (peekNext() == 'T' || peekNext() == 't')) {
                if (ret != null) {
                    throw Failure.of("decltype inside a nested name");
                }
                ret = type();
            } else if (c == 'I') {
                if (ret == null) {
                    throw Failure.of("template arguments without a template");
                }
                ret = new Template(ret, templateArgs());
            } else if (c == 'T') {
                if (ret != null) {
                    throw Failure.of("template parameter inside a nested name");
                }
                ret = templateParam();
            } else if (c == 'M') { // a lambda's initializer scope: read as the scope it names
                pos++;
                continue;
            } else if (c == 'S') {
                if (ret != null) {
                    throw Failure.of("substitution inside a nested name");
                }
                ret = substitution(true);
                continue; // already a candidate
            } else {
                ret = unqualifiedName(ret);
            }
            if (peek() == 'E') {
                return ret;
            }
            if (substitutable) {
                add(ret);
            }
        }
    }

    private static ItaniumNode combine(ItaniumNode scope, ItaniumNode name) {
        return scope == null ? name : new QualifiedName(scope, name);
    }

    private ItaniumNode unqualifiedName(ItaniumNode scope) {
        char c = peek();
        ItaniumNode ret;
        if (digit(c)) {
            ret = sourceName();
        } else if (lower(c)) {
            boolean wasExpression = inExpression;
            if (c == 'o' && peekNext() == 'n') {
                pos += 2;
                inExpression = false;
            }
            ret = operatorName();
            inExpression = wasExpression;
            if (ret instanceof Operator o && o.info.code().equals("li")) {
                ret = new Unary(ret, sourceName(), false);
            }
        } else if (c == 'D' && peekNext() == 'C') {
            throw Failure.of("structured bindings are not read");
        } else if (c == 'C' || c == 'D') {
            ret = structorName();
        } else if (c == 'L') {
            pos++;
            ret = sourceName();
            discriminator();
        } else if (c == 'U') {
            ret = switch (peekNext()) {
                case 'l' -> lambda();
                case 't' -> unnamedType();
                default -> throw Failure.of("U" + peekNext() + " is not read");
            };
        } else {
            throw Failure.of("'" + c + "' is not a name");
        }
        if (peek() == 'B') {
            ret = abiTags(ret);
        }
        return combine(scope, ret);
    }

    private ItaniumNode sourceName() {
        int length = number();
        if (length <= 0 || s.length() - pos < length) {
            throw Failure.of("source name of length " + length + " at " + pos);
        }
        String id = s.substring(pos, pos + length);
        pos += length;
        // g++'s anonymous namespace: _GLOBAL_ then '.', '_' or '$', then N
        ItaniumNode ret = length >= 10 && id.startsWith("_GLOBAL_") && ".$_".indexOf(id.charAt(8)) >= 0
                && id.charAt(9) == 'N' ? new Name("(anonymous namespace)") : new Name(id);
        lastName = ret;
        return ret;
    }

    private ItaniumNode abiTags(ItaniumNode n) {
        ItaniumNode held = lastName;
        ItaniumNode ret = n;
        while (check('B')) {
            ret = new AbiTagged(ret, (Name) sourceName());
        }
        lastName = held;
        return ret;
    }

    private ItaniumNode structorName() {
        if (lastName == null) {
            throw Failure.of("constructor or destructor with no class name before it");
        }
        if (check('C')) {
            boolean inheriting = check('I');
            if ("12345".indexOf(peek()) < 0 || peek() == 0) {
                throw Failure.of("constructor kind");
            }
            pos++;
            if (inheriting) {
                tolerated(this::type);
            }
            return new Structor(lastName, false);
        }
        expect('D');
        if ("01245".indexOf(peek()) < 0 || peek() == 0) {
            throw Failure.of("destructor kind");
        }
        pos++;
        return new Structor(lastName, true);
    }

    private ItaniumNode lambda() {
        pos += 2; // Ul
        ArgList params = parameters();
        expect('E');
        int n = compactNumber();
        if (n < 0) {
            throw Failure.of("lambda number");
        }
        return new Lambda(params, n);
    }

    private ItaniumNode unnamedType() {
        pos += 2; // Ut
        int n = compactNumber();
        if (n < 0) {
            throw Failure.of("unnamed type number");
        }
        ItaniumNode ret = new UnnamedType(n);
        add(ret);
        return ret;
    }

    private ItaniumNode localName() {
        expect('Z');
        ItaniumNode function = encoding(false);
        expect('E');
        ItaniumNode entity;
        if (check('s')) {
            discriminator();
            entity = new Name("string literal");
        } else {
            int defaultArg = -1;
            if (check('d')) {
                defaultArg = compactNumber();
                if (defaultArg < 0) {
                    throw Failure.of("default argument number");
                }
            }
            entity = name(false);
            if (!(entity instanceof Lambda) && !(entity instanceof UnnamedType)) {
                discriminator();
            }
            if (defaultArg >= 0) {
                entity = new DefaultArg(defaultArg, entity);
            }
        }
        if (function instanceof TypedName t) { // the enclosing function's return type would read as the entity's
            t.type.returnType = null;
        }
        return new LocalName(function, entity);
    }

    /** {@code _ <digit>} or {@code __ <number> _}: which of several same-named local entities; not printed. */
    private void discriminator() {
        if (!check('_')) {
            return;
        }
        boolean two = check('_');
        int n = number();
        if (n < 0) {
            throw Failure.of("discriminator");
        }
        if (two && n >= 10 && !check('_')) {
            throw Failure.of("discriminator");
        }
    }

    private ItaniumNode operatorName() {
        char c1 = next();
        char c2 = next();
        if (c1 == 'v' && digit(c2)) {
            return new VendorOperator(c2 - '0', sourceName());
        }
        if (c1 == 'c' && c2 == 'v') {
            boolean wasConversion = inConversion;
            inConversion = !inExpression;
            ItaniumNode t = type();
            ItaniumNode ret = inConversion ? new Conversion(t) : new Cast(t);
            inConversion = wasConversion;
            return ret;
        }
        OperatorInfo info = OPERATORS.get("" + c1 + c2);
        if (info == null) {
            throw Failure.of("operator " + c1 + c2);
        }
        return new Operator(info);
    }

    private ItaniumNode substitution(boolean prefix) {
        expect('S');
        char c = next();
        if (c == '_' || digit(c) || upper(c)) {
            long id = 0;
            if (c != '_') {
                do {
                    if (digit(c)) {
                        id = id * 36 + c - '0';
                    } else if (upper(c)) {
                        id = id * 36 + c - 'A' + 10;
                    } else {
                        throw Failure.of("substitution number");
                    }
                    if (id > Integer.MAX_VALUE) {
                        throw Failure.of("substitution number");
                    }
                    c = next();
                } while (c != '_');
                id++;
            }
            if (id >= subs.size()) {
                throw Failure.of("substitution " + id + " of " + subs.size());
            }
            return subs.get((int) id);
        }
        // the abbreviations, as c++filt spells them out (its verbose form)
        String[] sub = switch (c) {
            case 't' -> new String[] {"std", null};
            case 'a' -> new String[] {"std::allocator", "allocator"};
            case 'b' -> new String[] {"std::basic_string", "basic_string"};
            case 's' -> new String[] {"std::basic_string<char, std::char_traits<char>, std::allocator<char> >",
                    "basic_string"};
            case 'i' -> new String[] {"std::basic_istream<char, std::char_traits<char> >", "basic_istream"};
            case 'o' -> new String[] {"std::basic_ostream<char, std::char_traits<char> >", "basic_ostream"};
            case 'd' -> new String[] {"std::basic_iostream<char, std::char_traits<char> >", "basic_iostream"};
            default -> throw Failure.of("substitution S" + c);
        };
        if (sub[1] != null) {
            lastName = new StdName(sub[1]);
        }
        ItaniumNode dc = new StdName(sub[0]);
        if (peek() == 'B') { // tagged, the abbreviation becomes a candidate
            dc = abiTags(dc);
            add(dc);
        }
        return dc;
    }

    // ---- types ----

    private boolean nextIsQualifier() {
        char c = peek();
        if (c == 'r' || c == 'V' || c == 'K') {
            return true;
        }
        return c == 'D' && "xoOw".indexOf(peekNext()) >= 0 && peekNext() != 0;
    }

    /** Qualifiers in mangling order; those of a function type or member function become its own. */
    private void cvQualifiers(boolean member, List<ModifierKind> quals, List<ItaniumNode> extras) {
        while (nextIsQualifier()) {
            char c = next();
            ItaniumNode extra = null;
            ModifierKind k;
            if (c == 'r') {
                k = member ? ModifierKind.RESTRICT_THIS : ModifierKind.RESTRICT;
            } else if (c == 'V') {
                k = member ? ModifierKind.VOLATILE_THIS : ModifierKind.VOLATILE;
            } else if (c == 'K') {
                k = member ? ModifierKind.CONST_THIS : ModifierKind.CONST;
            } else {
                char d = next();
                if (d == 'x') {
                    k = ModifierKind.TRANSACTION_SAFE;
                } else if (d == 'o' || d == 'O') {
                    k = ModifierKind.NOEXCEPT;
                    if (d == 'O') {
                        extra = expression();
                        expect('E');
                    }
                } else {
                    k = ModifierKind.THROW_SPEC;
                    extra = parameters();
                    expect('E');
                }
            }
            quals.add(k);
            extras.add(extra);
        }
        if (!member && peek() == 'F') {
            for (int i = 0; i < quals.size(); i++) {
                quals.set(i, switch (quals.get(i)) {
                    case RESTRICT -> ModifierKind.RESTRICT_THIS;
                    case VOLATILE -> ModifierKind.VOLATILE_THIS;
                    case CONST -> ModifierKind.CONST_THIS;
                    default -> quals.get(i);
                });
            }
        }
    }

    private ItaniumNode type() {
        enter();
        ItaniumNode ret = typeInner();
        depth--;
        return ret;
    }

    private ItaniumNode typeInner() {
        if (nextIsQualifier()) {
            return qualifiedType();
        }
        char c = peek();
        Object[] b = BUILTINS.get(c);
        if (b != null) {
            pos++;
            return new Builtin((String) b[1], (LiteralStyle) b[2]);
        }
        ItaniumNode ret;
        switch (c) {
            case 'u' -> {
                pos++;
                ret = new VendorType(sourceName());
            }
            case 'F' -> ret = functionType();
            case 'A' -> ret = arrayType();
            case 'M' -> {
                pos++;
                ItaniumNode cls = type();
                ret = new PointerToMember(cls, type());
            }
            case 'T' -> {
                ret = templateParam();
                if (peek() == 'I') {
                    if (inConversion) {
                        throw Failure.of("template-template parameter of a conversion operator");
                    }
                    add(ret);
                    ret = new Template(ret, templateArgs());
                }
            }
            case 'O', 'P', 'R', 'C', 'G' -> {
                pos++;
                ModifierKind k = switch (c) {
                    case 'O' -> ModifierKind.RVALUE_REFERENCE;
                    case 'P' -> ModifierKind.POINTER;
                    case 'R' -> ModifierKind.REFERENCE;
                    case 'C' -> ModifierKind.COMPLEX;
                    default -> ModifierKind.IMAGINARY;
                };
                ret = new Modifier(k, type(), null);
            }
            case 'U' -> {
                pos++;
                ItaniumNode qualifier = sourceName();
                if (peek() == 'I') {
                    qualifier = new Template(qualifier, templateArgs());
                }
                ret = new Modifier(ModifierKind.VENDOR_QUALIFIER, type(), qualifier);
            }
            case 'D' -> {
                return dType();
            }
            default -> {
                return name(true); // a class or enum (a substitution is not a new candidate)
            }
        }
        add(ret);
        return ret;
    }

    /** {@code K}, {@code V}, {@code r} (and {@code Do}, {@code Dx}) and the type they qualify: one candidate, the whole. */
    private ItaniumNode qualifiedType() {
        List<ModifierKind> quals = new ArrayList<>();
        List<ItaniumNode> extras = new ArrayList<>();
        cvQualifiers(false, quals, extras);
        ItaniumNode inner = peek() == 'F' ? functionType() : type(); // a function's own: one candidate
        ItaniumNode ret = wrap(quals, extras, inner);
        if (inner instanceof Modifier ref && (ref.kind == ModifierKind.REFERENCE_THIS
                || ref.kind == ModifierKind.RVALUE_REFERENCE_THIS)) {
            // the ref-qualifier prints after the cv-qualifiers: move it outside them
            Modifier innermost = (Modifier) ret;
            while (innermost.inner != inner) {
                innermost = (Modifier) innermost.inner;
            }
            innermost.inner = ref.inner;
            ref.inner = ret;
            ret = ref;
        }
        add(ret);
        return ret;
    }

    private ItaniumNode dType() {
        pos++; // D
        char c = next();
        ItaniumNode ret;
        switch (c) {
            case 'T', 't' -> {
                ret = new Decltype(expression());
                expect('E');
                add(ret);
                return ret;
            }
            case 'p' -> {
                ret = new PackExpansion(type());
                add(ret);
                return ret;
            }
            case 'v' -> {
                ItaniumNode dimension;
                if (check('_')) {
                    dimension = expression();
                } else {
                    dimension = numberNode();
                }
                expect('_');
                ret = new VectorType(dimension, type());
                add(ret);
                return ret;
            }
            case 'a' -> {
                return new Name("auto");
            }
            case 'c' -> {
                return new Name("decltype(auto)");
            }
            case 'F' -> {
                int bits = number();
                if (check('b')) {
                    if (bits != 16) {
                        throw Failure.of("DF" + bits + "b");
                    }
                    return new Builtin("std::bfloat16_t", LiteralStyle.FLOAT);
                }
                char suffix = peek();
                if (suffix != 'x' && suffix != '_') {
                    throw Failure.of("DF" + bits);
                }
                pos++;
                return new Builtin("_Float" + bits + (suffix == 'x' ? "x" : ""), LiteralStyle.DEFAULT);
            }
            default -> {
                Object[] b = D_BUILTINS.get(c);
                if (b == null) {
                    throw Failure.of("type D" + c + " is not read");
                }
                return new Builtin((String) b[1], (LiteralStyle) b[2]);
            }
        }
    }

    private ItaniumNode numberNode() {
        return new Name(Integer.toString(number()));
    }

    private FunctionType bareFunctionType(boolean hasReturnType) {
        if (check('J')) {
            hasReturnType = true;
        }
        ItaniumNode ret = hasReturnType ? type() : null;
        return new FunctionType(ret, parameters());
    }

    /** Parameter types up to {@code E}, {@code .} or the end; {@code v} alone is no parameter. */
    private ArgList parameters() {
        List<ItaniumNode> params = new ArrayList<>();
        while (true) {
            char c = peek();
            if (c == 0 || c == 'E' || c == '.') {
                break;
            }
            if ((c == 'R' || c == 'O') && peekNext() == 'E') { // a ref-qualifier, not a reference
                break;
            }
            params.add(type());
        }
        if (params.isEmpty()) {
            throw Failure.of("no parameter types at " + pos);
        }
        if (params.size() == 1 && params.get(0) instanceof Builtin b && b.style == LiteralStyle.VOID) {
            return new ArgList(null, null, false);
        }
        return ArgList.of(params, false);
    }

    private ItaniumNode functionType() {
        enter();
        expect('F');
        check('Y'); // extern "C": not printed
        ItaniumNode ret = tolerated(() -> bareFunctionType(true));
        if (peek() == 'R' || peek() == 'O') {
            ModifierKind k = next() == 'R' ? ModifierKind.REFERENCE_THIS : ModifierKind.RVALUE_REFERENCE_THIS;
            ret = new Modifier(k, ret, null);
        }
        expect('E');
        depth--;
        return ret;
    }

    private ItaniumNode arrayType() {
        expect('A');
        ItaniumNode dimension;
        if (peek() == '_') {
            dimension = null;
        } else if (digit(peek())) {
            int start = pos;
            while (digit(peek())) {
                pos++;
            }
            dimension = new Name(s.substring(start, pos));
        } else {
            dimension = expression();
        }
        expect('_');
        return new ArrayType(dimension, type());
    }

    private ItaniumNode templateParam() {
        expect('T');
        int n = compactNumber();
        if (n < 0) {
            throw Failure.of("template parameter number");
        }
        return new TemplateParam(n);
    }

    // ---- template arguments ----

    private ArgList templateArgs() {
        if (peek() != 'I' && peek() != 'J') {
            throw Failure.of("expected template arguments at " + pos);
        }
        pos++;
        return templateArgList();
    }

    private ArgList templateArgList() {
        ItaniumNode held = lastName; // an argument's names do not name a constructor after the list
        if (check('E')) {
            return new ArgList(null, null, true);
        }
        enter();
        List<ItaniumNode> args = new ArrayList<>();
        while (true) {
            args.add(templateArg());
            char c = peek();
            if (c == 'E') {
                break;
            }
            if (c == 'Q' || c == 0) {
                throw Failure.of(c == 0 ? "template arguments end early" : "requires clauses are not read");
            }
        }
        pos++;
        depth--;
        lastName = held;
        return ArgList.of(args, true);
    }

    private ItaniumNode templateArg() {
        switch (peek()) {
            case 'X' -> {
                pos++;
                ItaniumNode e = expression();
                expect('E');
                return e;
            }
            case 'L' -> {
                return exprPrimary();
            }
            case 'I', 'J' -> {
                return templateArgs();
            }
            default -> {
                return type();
            }
        }
    }

    // ---- expressions ----

    private ItaniumNode expression() {
        boolean was = inExpression;
        inExpression = true;
        ItaniumNode e = expression1();
        inExpression = was;
        return e;
    }

    private ItaniumNode expression1() {
        enter();
        ItaniumNode e = expressionInner();
        depth--;
        return e;
    }

    private ItaniumNode expressionInner() {
        char c = peek();
        char d = peekNext();
        if (c == 'L') {
            return exprPrimary();
        }
        if (c == 'T') {
            return templateParam();
        }
        if (c == 's' && d == 'r') {
            return unresolvedName();
        }
        if (c == 's' && d == 'p') {
            pos += 2;
            return new PackExpansion(expression1());
        }
        if (c == 'f' && d == 'p') {
            pos += 2;
            if (check('T')) {
                return new FunctionParam(0);
            }
            int n = compactNumber();
            if (n < 0 || n == Integer.MAX_VALUE) {
                throw Failure.of("function parameter number");
            }
            return new FunctionParam(n + 1);
        }
        if (digit(c) || (c == 'o' && d == 'n')) {
            if (c == 'o') {
                pos += 2;
            }
            ItaniumNode n = unqualifiedName(null);
            return peek() == 'I' ? new Template(n, templateArgs()) : n;
        }
        if ((c == 'i' || c == 't') && d == 'l') {
            pos += 2;
            ItaniumNode t = c == 't' ? tolerated(this::type) : null;
            if (peek() == 0 || peekNext() == 0) {
                throw Failure.of("initializer list ends early");
            }
            return new InitializerList(t, expressionList('E'));
        }
        if (c == 'u') {
            throw Failure.of("vendor expressions are not read");
        }
        return operatorExpression();
    }

    /** An operator and its operands: as many as the operator takes. */
    private ItaniumNode operatorExpression() {
        ItaniumNode op = operatorName();
        String code = op instanceof Operator o ? o.info.code() : null;
        if ("st".equals(code)) {
            return new Unary(op, type(), false);
        }
        int arity;
        if (op instanceof Operator o) {
            arity = o.info.arity();
        } else if (op instanceof VendorOperator v) {
            arity = v.arity;
        } else if (op instanceof Cast) {
            arity = 1;
        } else {
            throw Failure.of("a conversion operator in an expression");
        }
        switch (arity) {
            case 0 -> {
                return new Nullary(op);
            }
            case 1 -> {
                return unaryExpression(op, code);
            }
            case 2 -> {
                return binaryExpression(op, code);
            }
            case 3 -> {
                if (!"qu".equals(code)) {
                    throw Failure.of("new expressions and fold expressions are not read");
                }
                ItaniumNode first = expression1();
                ItaniumNode second = expression1();
                return new Conditional(op, first, second, expression1());
            }
            default -> throw Failure.of("operator with " + arity + " operands");
        }
    }

    private ItaniumNode unaryExpression(ItaniumNode op, String code) {
        boolean suffix = false;
        if ("pp".equals(code) || "mm".equals(code)) {
            suffix = !check('_'); // pp_ and mm_ are the prefix forms
        }
        ItaniumNode operand;
        if (op instanceof Cast && check('_')) {
            operand = expressionList('E');
        } else if ("sP".equals(code)) {
            throw Failure.of("sizeof...(pack) of arguments is not read");
        } else {
            operand = expression1();
        }
        return new Unary(op, operand, suffix);
    }

    private ItaniumNode binaryExpression(ItaniumNode op, String code) {
        if (code == null) {
            throw Failure.of("a vendor's binary operator");
        }
        if (code.charAt(0) == 'f' || code.equals("di") || code.equals("dx")) {
            throw Failure.of("fold expressions and designated initializers are not read");
        }
        ItaniumNode left = switch (code) {
            case "dc", "sc", "cc", "rc" -> type();
            default -> expression1();
        };
        ItaniumNode right;
        if (code.equals("cl")) {
            right = expressionList('E');
        } else if ((code.equals("dt") || code.equals("pt"))
                && !((peek() == 'g' && peekNext() == 's') || (peek() == 's' && peekNext() == 'r'))) {
            right = unqualifiedName(null); // a member's name, not an expression
            if (peek() == 'I') {
                right = new Template(right, templateArgs());
            }
        } else {
            right = expression1();
        }
        return new Binary(op, left, right);
    }

    /**
     * {@code sr}: {@code T::x}. After {@code sr} a name may start the ABI's qualifier levels
     * ({@code sr1AE1x}) or be the type of the older form ({@code sr1A1x}); the levels are tried first,
     * and if the symbol fails that way it is read again the older way ({@link #parse}).
     */
    private ItaniumNode unresolvedName() {
        pos += 2;
        char c = peek();
        ItaniumNode type;
        if (unresolvedLevels != 0 && (digit(c) || lower(c) || c == 'C' || c == 'U' || c == 'L')) {
            unresolvedLevels = -1;
            type = tolerated(() -> prefix(false));
            check('E');
        } else {
            type = type();
        }
        ItaniumNode n = unqualifiedName(type);
        if (peek() == 'I') {
            n = new Template(n, templateArgs());
        }
        return n;
    }

    private ArgList expressionList(char terminator) {
        if (check(terminator)) {
            return new ArgList(null, null, false);
        }
        List<ItaniumNode> list = new ArrayList<>();
        do {
            list.add(expression());
        } while (!check(terminator));
        return ArgList.of(list, false);
    }

    private ItaniumNode exprPrimary() {
        expect('L');
        ItaniumNode ret;
        if (peek() == '_' || peek() == 'Z') {
            ret = mangledName(false);
        } else {
            ItaniumNode type = type();
            if (type instanceof Builtin b && b.name.equals("decltype(nullptr)") && check('E')) {
                return type;
            }
            boolean negative = check('n');
            int start = pos;
            while (peek() != 'E') {
                if (peek() == 0) {
                    throw Failure.of("literal ends early");
                }
                pos++;
            }
            if (pos == start) {
                throw Failure.of("literal without a value");
            }
            ret = new Literal(type, new Name(s.substring(start, pos)), negative);
        }
        expect('E');
        return ret;
    }
}
