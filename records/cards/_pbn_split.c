/* The PBN splitter's compiled half (optional): the quick steps of records.cards.pbn.split_games,
 * the same as its pure-Python twin pbn._plain_lines, step for step.
 *
 * plain_lines(lines, i, game, section, games, braces, tag) -> (i, game, section)
 *   lines: the text's lines (a list of str), read from index i on, outside any { } comment;
 *   game: the game being read (a pbn.Game) or None; section: the name of the last tag (its
 *   section takes the plain lines after it) or None; games: the list finished games are
 *   appended to; braces: whether the text holds a { or }; tag: pbn._tag, which stores a tag
 *   where this code does not (no game yet, a tag the game has already, escapes to read).
 * The lines taken: a tag alone on its line, the quick kind ([Name "value"], no `;` in the line
 *   nor a brace, where the text has one; the name letters or digits as str.isalnum says) or
 *   any other that pbn.TAG_RE reads whole (a table's, whose value holds `;`); `%` lines;
 *   blank lines (a game with tags ends); a section's plain lines (no `;`, bracket or brace:
 *   taken whole, as (line, line number, 0)). At the first other line it stops and returns its
 *   index, with the game and section then: split_games reads that line itself, then calls
 *   again. Wrong arguments raise TypeError or ValueError.
 * Each Game's end_line is written once it is final for this call (before `tag` is called, when
 *   the game is left, on return), not line by line.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *TAGS, *LINES, *DATA, *NOTES, *END_LINE, *ONE;   /* interned names; 1 */

/* What the quick steps look at in a line, found in one pass. */
typedef struct {
    Py_ssize_t length, quote, second;   /* the first two '"' (-1: none) */
    Py_UCS4 first, last;
    int semicolon, bracket, brace;      /* a ';', a '[', a '{' or '}' anywhere */
    int blank;                          /* empty, or whitespace only (str.isspace) */
} Shape;

enum { QUOTE = 1, SEMICOLON = 2, BRACKET = 4, BRACE = 8 };
static unsigned char MARK[128];   /* the characters looked for, by code */

#define LOOK(TYPE)                                                        \
    do {                                                                  \
        const TYPE *p = (const TYPE *)data;                               \
        for (Py_ssize_t k = 0; k < n; k++) {                              \
            Py_UCS4 ch = p[k];                                            \
            if (ch >= 128 || !MARK[ch])                                   \
                continue;                                                 \
            if (ch == '"') {                                              \
                if (s->quote < 0)                                         \
                    s->quote = k;                                         \
                else if (s->second < 0)                                   \
                    s->second = k;                                        \
            } else                                                        \
                marks |= MARK[ch];                                        \
        }                                                                 \
    } while (0)

static void look(PyObject *line, Shape *s)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(line);
    int kind = PyUnicode_KIND(line), marks = 0;
    const void *data = PyUnicode_DATA(line);
    s->length = n;
    s->quote = s->second = -1;
    s->first = n ? PyUnicode_READ(kind, data, 0) : 0;
    s->last = n ? PyUnicode_READ(kind, data, n - 1) : 0;
    if (kind == PyUnicode_1BYTE_KIND)
        LOOK(Py_UCS1);
    else if (kind == PyUnicode_2BYTE_KIND)
        LOOK(Py_UCS2);
    else
        LOOK(Py_UCS4);
    s->semicolon = (marks & SEMICOLON) != 0;
    s->bracket = (marks & BRACKET) != 0;
    s->brace = (marks & BRACE) != 0;
    Py_ssize_t k = 0;
    while (k < n && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, k)))
        k++;
    s->blank = k == n;
}

/* The name of a quick tag line: line[1:quote].strip() when it is str.isalnum(); else NULL
 * without an exception set (the line is not quick), or NULL with one. */
static PyObject *tag_name(PyObject *line, Py_ssize_t quote, int *failed)
{
    int kind = PyUnicode_KIND(line);
    const void *data = PyUnicode_DATA(line);
    Py_ssize_t a = 1, b = quote;
    while (a < b && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, a)))
        a++;
    while (b > a && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, b - 1)))
        b--;
    if (a == b)
        return NULL;
    for (Py_ssize_t k = a; k < b; k++) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, k);
        if (ch < 128 ? !((ch >= '0' && ch <= '9') || ((ch | 32) >= 'a' && (ch | 32) <= 'z'))
                     : !Py_UNICODE_ISALNUM(ch))
            return NULL;
    }
    PyObject *name = PyUnicode_Substring(line, a, b);
    if (!name)
        *failed = 1;
    return name;
}

/* A line that pbn.TAG_RE matches from its start, with only whitespace after the match (a
 * tag alone on its line that is not quick, as a table's, whose value holds `;`): the spans of
 * the match's two groups, and 1; else 0. TAG_RE is
 *   \[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]
 * (\s: str.isspace's characters; `.`: any but a newline), which has one way to match. */
static int table_tag(PyObject *line, Py_ssize_t span[4])
{
    int kind = PyUnicode_KIND(line);
    const void *data = PyUnicode_DATA(line);
    Py_ssize_t n = PyUnicode_GET_LENGTH(line), k = 1;
#define AT(K) PyUnicode_READ(kind, data, (K))
#define SPACES() while (k < n && Py_UNICODE_ISSPACE(AT(k))) k++
    SPACES();
    span[0] = k;
    while (k < n && AT(k) < 128 && (AT(k) == '_' || (AT(k) >= '0' && AT(k) <= '9')
                                    || ((AT(k) | 32) >= 'a' && (AT(k) | 32) <= 'z')))
        k++;
    span[1] = k;
    if (k == span[0])
        return 0;
    SPACES();
    if (k == n || AT(k) != '"')
        return 0;
    span[2] = ++k;
    while (k < n && AT(k) != '"') {
        if (AT(k) == '\\') {
            if (k + 1 == n || AT(k + 1) == '\n')
                return 0;
            k++;
        }
        k++;
    }
    if (k == n)
        return 0;
    span[3] = k++;
    SPACES();
    if (k == n || AT(k) != ']')
        return 0;
    k++;
    SPACES();
    return k == n;
#undef SPACES
#undef AT
}

/* The game being read, with its dicts fetched when first needed (all owned references). */
typedef struct {
    PyObject *game;          /* Py_None: no game */
    PyObject *tags, *lines, *data;
    PyObject *section;       /* Py_None: none */
    PyObject *rows;          /* game.data[section], once a plain line was taken for it */
    Py_ssize_t end;          /* the game's end_line to write; -1: nothing to write */
} Reading;

static int flush(Reading *r)
{
    if (r->end < 0 || r->game == Py_None)
        return 0;
    PyObject *end = PyLong_FromSsize_t(r->end);
    if (!end)
        return -1;
    int failed = PyObject_SetAttr(r->game, END_LINE, end);
    Py_DECREF(end);
    r->end = -1;
    return failed;
}

static void set_section(Reading *r, PyObject *section)   /* steals the reference */
{
    Py_SETREF(r->section, section);
    Py_CLEAR(r->rows);
}

static void set_game(Reading *r, PyObject *game)   /* steals the reference; flushed before */
{
    Py_SETREF(r->game, game);
    Py_CLEAR(r->tags);
    Py_CLEAR(r->lines);
    Py_CLEAR(r->data);
    Py_CLEAR(r->rows);
    r->end = -1;
}

static PyObject *field(PyObject *game, PyObject **slot, PyObject *name)   /* borrowed */
{
    if (!*slot)
        *slot = PyObject_GetAttr(game, name);
    return *slot;
}

/* A tag alone on line `number` (name and value: new references, taken over), at column 1:
 * stored as split_games stores it, and the section is the tag's. quick: a quick tag line,
 * whose value is stored as written where the game is there and has no such tag (else by
 * _tag, which reads its escapes; so are a table tag's values). What _tag would do with a
 * value without a backslash, for a game that has not the tag or a Note, is done here too.
 * 0, or -1 with an exception set. */
static int take_tag(Reading *r, PyObject *name, PyObject *value, Py_ssize_t number, int quick,
                    PyObject *games, PyObject *tag)
{
    PyObject *n = PyLong_FromSsize_t(number), *tags, *lines, *notes, *game;
    enum { BY_TAG, STORED, NOTED } how = BY_TAG;
    int failed = -1;
    if (!n)
        goto done;
    if (r->game != Py_None) {
        int known = 1, note = PyUnicode_CompareWithASCIIString(name, "Note") == 0;
        if (!(tags = field(r->game, &r->tags, TAGS)) || (known = PyDict_Contains(tags, name)) < 0)
            goto done;
        if (note || (!known && !quick)) {   /* where the value has no escape to read */
            Py_ssize_t escape = PyUnicode_FindChar(value, '\\', 0, PyUnicode_GET_LENGTH(value), 1);
            if (escape == -2)
                goto done;
            if (escape == -1)
                how = note ? NOTED : STORED;
        } else if (!known) {
            how = STORED;
        }
    }
    if (how == STORED) {
        if (PyDict_SetItem(r->tags, name, value) < 0 || !(lines = field(r->game, &r->lines, LINES))
            || PyDict_SetItem(lines, name, n) < 0)
            goto done;
        r->end = number;
    } else if (how == NOTED) {
        if (!(notes = PyObject_GetAttr(r->game, NOTES)))
            goto done;
        int appended = PyList_Append(notes, value);
        Py_DECREF(notes);
        if (appended < 0)
            goto done;
        r->end = number;
    } else {                    /* by _tag, which may start a game */
        if (flush(r) < 0)
            goto done;
        game = PyObject_CallFunctionObjArgs(tag, r->game, games, name, value, n, ONE, NULL);
        if (!game)
            goto done;
        set_game(r, game);
    }
    set_section(r, name);
    name = NULL;
    failed = 0;
done:
    Py_XDECREF(name);
    Py_XDECREF(value);
    Py_XDECREF(n);
    return failed;
}

/* A plain line of the section: (line, number, 0) appended to game.data[section] (the list
 * made where there is none). 0, or -1 with an exception set. */
static int take_row(Reading *r, PyObject *line, Py_ssize_t number)
{
    if (!r->rows) {
        PyObject *data = field(r->game, &r->data, DATA);
        if (!data)
            return -1;
        PyObject *rows = PyDict_GetItemWithError(data, r->section);
        if (rows)
            Py_INCREF(rows);
        else if (PyErr_Occurred() || !(rows = PyList_New(0)))
            return -1;
        else if (PyDict_SetItem(data, r->section, rows) < 0) {
            Py_DECREF(rows);
            return -1;
        }
        r->rows = rows;
    }
    PyObject *n = PyLong_FromSsize_t(number);
    if (!n)
        return -1;
    PyObject *row = PyTuple_New(3);
    if (!row) {
        Py_DECREF(n);
        return -1;
    }
    Py_INCREF(line);
    PyTuple_SET_ITEM(row, 0, line);
    PyTuple_SET_ITEM(row, 1, n);
    PyObject *zero = PyLong_FromLong(0);
    if (!zero) {
        Py_DECREF(row);
        return -1;
    }
    PyTuple_SET_ITEM(row, 2, zero);
    int failed = PyList_Append(r->rows, row);
    Py_DECREF(row);
    if (failed < 0)
        return -1;
    r->end = number;
    return 0;
}

/* A blank line: the game ends (kept when it has tags), and with it the section. */
static int take_blank(Reading *r, PyObject *games)
{
    if (r->game != Py_None) {
        PyObject *tags = field(r->game, &r->tags, TAGS);
        int kept = tags ? PyObject_IsTrue(tags) : -1;
        if (kept < 0 || flush(r) < 0 || (kept && PyList_Append(games, r->game) < 0))
            return -1;
    }
    Py_INCREF(Py_None);
    set_game(r, Py_None);
    Py_INCREF(Py_None);
    set_section(r, Py_None);
    return 0;
}

static PyObject *plain_lines(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *lines, *game, *section, *games, *tag, *out = NULL;
    Py_ssize_t i;
    int braces;
    if (!PyArg_ParseTuple(args, "O!nOOO!pO:plain_lines", &PyList_Type, &lines, &i, &game,
                          &section, &PyList_Type, &games, &braces, &tag))
        return NULL;
    if (i < 0) {
        PyErr_SetString(PyExc_ValueError, "a line index is not negative");
        return NULL;
    }
    Py_INCREF(game);
    Py_INCREF(section);
    Reading r = {game, NULL, NULL, NULL, section, NULL, -1};
    /* (the list's size is read again at each line: `tag` runs Python code) */
    for (; i < PyList_GET_SIZE(lines); i++) {
        PyObject *line = PyList_GET_ITEM(lines, i);
        if (!PyUnicode_Check(line)) {
            PyErr_SetString(PyExc_TypeError, "the lines are str");
            goto done;
        }
#if PY_VERSION_HEX < 0x030C0000
        if (PyUnicode_READY(line) < 0)
            goto done;
#endif
        Shape s;
        look(line, &s);
        if (s.first == '[' && s.length) {
            /* one tag alone; the quick one: `"]` ends the line, its only other `"` ends the
             * tag's name, which str.isalnum, and the line has no `;` (or brace, when the text
             * has one). Else as TAG_RE reads it, when nothing but spaces is after it. */
            PyObject *name = NULL, *value = NULL;
            Py_ssize_t span[4];
            int quick = s.last == ']' && s.quote >= 0 && s.second == s.length - 2
                        && !s.semicolon && !(braces && s.brace), failed = 0;
            if (quick && (name = tag_name(line, s.quote, &failed)))
                value = PyUnicode_Substring(line, s.quote + 1, s.length - 2);
            else if (failed)
                goto done;
            else if (table_tag(line, span)) {
                quick = 0;
                if ((name = PyUnicode_Substring(line, span[0], span[1])))
                    value = PyUnicode_Substring(line, span[2], span[3]);
            } else
                break;
            if (!value) {
                Py_XDECREF(name);
                goto done;
            }
            if (take_tag(&r, name, value, i + 1, quick, games, tag) < 0)
                goto done;
        } else if (s.first == '%' && s.length) {
            continue;
        } else if (s.blank) {
            if (take_blank(&r, games) < 0)
                goto done;
        } else if (r.section != Py_None && r.game != Py_None && !s.semicolon && !s.bracket
                   && !s.brace) {
            /* a plain line of the section, whole (split into tokens where it is read) */
            if (take_row(&r, line, i + 1) < 0)
                goto done;
        } else {
            break;
        }
    }
    if (flush(&r) == 0)
        out = Py_BuildValue("(nOO)", i, r.game, r.section);
done:
    Py_XDECREF(r.game);
    Py_XDECREF(r.tags);
    Py_XDECREF(r.lines);
    Py_XDECREF(r.data);
    Py_XDECREF(r.section);
    Py_XDECREF(r.rows);
    return out;
}

static PyMethodDef METHODS[] = {
    {"plain_lines", plain_lines, METH_VARARGS,
     "split_games' quick steps from a line on (see the top of _pbn_split.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_pbn_split", NULL, -1, METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pbn_split(void)
{
    if (!TAGS) {
        TAGS = PyUnicode_InternFromString("tags");
        LINES = PyUnicode_InternFromString("lines");
        DATA = PyUnicode_InternFromString("data");
        NOTES = PyUnicode_InternFromString("notes");
        END_LINE = PyUnicode_InternFromString("end_line");
        ONE = PyLong_FromLong(1);
        if (!TAGS || !LINES || !DATA || !NOTES || !END_LINE || !ONE) {
            Py_CLEAR(TAGS);
            Py_CLEAR(LINES);
            Py_CLEAR(DATA);
            Py_CLEAR(NOTES);
            Py_CLEAR(END_LINE);
            Py_CLEAR(ONE);
            return NULL;
        }
        MARK['"'] = QUOTE;
        MARK[';'] = SEMICOLON;
        MARK['['] = BRACKET;
        MARK['{'] = MARK['}'] = BRACE;
    }
    return PyModule_Create(&MODULE);
}
